/* RUN: -n 3
 * EXPECT: error op-mismatch
 * Error estimate: rank 0 reduces the residuals with MPI_MAX (it wants the worst one) while
 * the workers were written to sum them with MPI_SUM. Every member of a reduction must pass
 * the same operation; the result is undefined otherwise.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double residual = 0.5 * (rank + 1), total = 0.0;
    MPI_Op op = (rank == 0) ? MPI_MAX : MPI_SUM;
    MPI_Allreduce(&residual, &total, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
    printf("rank %d: %f\n", rank, total);

    MPI_Finalize();
    return 0;
}
