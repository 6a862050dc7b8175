/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of param_allreduce_op_mismatch: every rank passes MPI_MAX.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    MPI_Op op = MPI_MAX;
    int in = rank, out = 0;
    MPI_Allreduce(&in, &out, 1, MPI_INT, op, MPI_COMM_WORLD);
    if (out != nprocs - 1)
        printf("wrong max\n");

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
