/* RUN: -n 4
 * EXPECT: verified
 * Timed kernel bracketed by MPI_Barrier calls (the usual benchmarking idiom): every rank
 * integrates its slice of x^2 on [0,1) with the midpoint rule, the partial sums are
 * combined with MPI_Allreduce and checked against 1/3. The MPI_Wtime values are only
 * reported (max over ranks via MPI_Reduce), never asserted.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>

#define STRIPS 64

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    double h = 1.0 / STRIPS, part = 0.0, integral = 0.0;
    for (int k = rank; k < STRIPS; k += size) {
        double x = (k + 0.5) * h;
        part += x * x * h;
    }
    MPI_Allreduce(&part, &integral, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    double elapsed = MPI_Wtime() - t0, slowest = 0.0;

    MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    assert(fabs(integral - 1.0 / 3.0) < 1e-4);
    if (rank == 0)
        printf("integral %.6f in %g s\n", integral, slowest);
    MPI_Finalize();
    return 0;
}
