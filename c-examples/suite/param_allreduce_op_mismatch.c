/* RUN: -n 2
 * EXPECT: error op-mismatch
 * Rank 0 passes MPI_MAX to MPI_Allreduce, the others MPI_SUM (MPI 3.1 §5.9.1: every member must
 * pass the same operation).
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

    MPI_Op op = MPI_SUM;
    int in = rank, out = 0;
    if (rank == 0)
        op = MPI_MAX;
    MPI_Allreduce(&in, &out, 1, MPI_INT, op, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
