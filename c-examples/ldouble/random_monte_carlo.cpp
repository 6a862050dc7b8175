/* RUN: -n 2
 * EXPECT: verified
 * Monte Carlo with the C++ <random> library: each rank seeds std::mt19937 with its
 * rank, draws points with std::uniform_real_distribution<double> and noise with
 * std::normal_distribution<double>; libstdc++'s std::generate_canonical computes in
 * long double (x87 80-bit), so the draws depend on extended-precision arithmetic being
 * exact. Rank 0 gathers the hit counts and sums with MPI_Reduce and checks them against
 * the values a native run prints (the engine and distributions are specified exactly by
 * C++11 [rand.eng.mers] and libstdc++'s algorithms are deterministic).
 */
#include <mpi.h>
#include <cassert>
#include <cstdio>
#include <random>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::mt19937 gen(42 + rank);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> noise(0.0, 1.0);
  long hits = 0;
  double noise_sum = 0;
  for (int i = 0; i < 200; i++) {
    double x = unit(gen), y = unit(gen);
    if (x * x + y * y <= 1.0)
      hits++;
    noise_sum += noise(gen);
  }
  long total_hits;
  double total_noise;
  MPI_Reduce(&hits, &total_hits, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&noise_sum, &total_noise, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    std::printf("hits %ld noise %.17g\n", total_hits, total_noise);
    assert(total_hits == 305);
    // The natively printed sum is 9.874506480207657; the bound leaves room for the
    // last bit of std::log, which C++ does not specify.
    assert(total_noise > 9.8745 && total_noise < 9.8746);
  }
  MPI_Finalize();
  return 0;
}
