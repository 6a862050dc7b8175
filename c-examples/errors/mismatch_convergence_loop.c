/* RUN: -n 4
 * EXPECT: error collective-mismatch
 * Convergence test on the LOCAL residual: each rank leaves the loop when its own value is
 * small, so ranks run different numbers of MPI_Allreduce calls and the ranks that stop early
 * reach MPI_Gather while others are still in Allreduce (see collectives/allreduce_converge.c).
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    double x = 8.0 * rank, sum = 0.0;
    int sweeps = 0;
    while (x > 1.0) { /* bug: should test a global residual */
        x = 0.5 * x;
        sweeps++;
        MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    int *all = rank == 0 ? malloc(size * sizeof(int)) : NULL;
    MPI_Gather(&sweeps, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(all);
    MPI_Finalize();
    return 0;
}
