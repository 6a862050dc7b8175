/* RUN: -n 4
 * EXPECT: verified
 * A global 2-norm and max-norm with <cmath>: each rank computes the squares and absolute
 * values of its part of a residual (std::pow, std::fabs, std::sin), MPI_Allreduce sums
 * the squares and takes the maximum (MPI 3.1 §5.9.2), and std::sqrt gives the norm; the
 * result is compared with the norm computed serially on every rank.
 */
#include <mpi.h>
#include <cassert>
#include <cmath>

static double residual(int i) { return std::sin(0.1 * i) - 0.5; }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int per_rank = 5;
    double local[2] = {0.0, 0.0};
    for (int i = rank * per_rank; i < (rank + 1) * per_rank; i++) {
        local[0] += std::pow(residual(i), 2.0);
        local[1] = std::fmax(local[1], std::fabs(residual(i)));
    }
    double sum_sq = 0.0, max_abs = 0.0;
    MPI_Allreduce(&local[0], &sum_sq, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&local[1], &max_abs, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    double serial_sq = 0.0, serial_max = 0.0;
    for (int i = 0; i < size * per_rank; i++) {
        serial_sq += residual(i) * residual(i);
        serial_max = std::fmax(serial_max, std::fabs(residual(i)));
    }
    assert(std::fabs(std::sqrt(sum_sq) - std::sqrt(serial_sq)) < 1e-9);
    assert(max_abs == serial_max);
    MPI_Finalize();
    return 0;
}
