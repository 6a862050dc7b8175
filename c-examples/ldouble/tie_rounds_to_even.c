/* RUN: -n 2
 * EXPECT: error assertion
 * Each rank adds 0.5 to a long double near 1e19 and sends how much it gained to rank 0.
 * The programmer assumed long double holds 1e19 + 0.5 exactly, but its significand has
 * 64 bits: between 2^63 and 2^64 the spacing of long double values is 1, so 1e19 + 0.5
 * is a tie and rounds to the even neighbour, 1e19 itself (IEEE 754 round to nearest,
 * ties to even; C11 F.3). The gain is 0 and rank 0's assertion fails, as it does
 * natively on x86-64. With 1e18 (spacing 1/8) the assertion would hold.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long double base = 1e19L;
  long double x = base + 0.5L;
  long double gain = x - base;
  if (rank == 1) {
    MPI_Send(&gain, 1, MPI_LONG_DOUBLE, 0, 0, MPI_COMM_WORLD);
  } else {
    long double other;
    MPI_Recv(&other, 1, MPI_LONG_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("gains: %Lg %Lg\n", gain, other);
    assert(gain + other == 1.0L);
  }
  MPI_Finalize();
  return 0;
}
