/* RUN: -n 2
 * EXPECT: verified
 * Interpreter throughput benchmark: each rank runs a local integer/floating-point kernel
 * (a few million model instructions) before one MPI_Allreduce, whose result is asserted so the
 * slicer keeps the whole kernel. Deterministic: exactly one execution.
 */
#include <assert.h>
#include <mpi.h>

#ifndef ITERS
#define ITERS 400000
#endif

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    long acc = rank;
    double x = 1.0;
    for (long i = 0; i < ITERS; i++) {
        acc = (acc * 31 + i) % 1000003;
        x = x * 0.5 + 1.0;
    }
    long total = 0;
    MPI_Allreduce(&acc, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    assert(total >= 0);
    assert(x > 1.99 && x < 2.01);
    MPI_Finalize();
    return 0;
}
