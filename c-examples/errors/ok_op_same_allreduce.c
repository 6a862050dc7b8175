/* RUN: -n 3
 * EXPECT: verified
 * Near miss of op_mismatch_allreduce.c: the operation is chosen from a rank-dependent
 * expression, and odd ranks reduce from a different buffer than even ranks, but
 * every member passes MPI_MAX, so the reduction is consistent.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double residual = 0.5 * (rank + 1), other = 0.0, total = 0.0;
    MPI_Op op = (rank == 0) ? MPI_MAX : MPI_MAX;
    double *in = (rank % 2) ? &other : &residual;
    other = residual;
    MPI_Allreduce(in, &total, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
    if (total != 1.5)
        MPI_Abort(MPI_COMM_WORLD, 1);
    printf("rank %d: %f\n", rank, total);

    MPI_Finalize();
    return 0;
}
