/* RUN: -n 3
 * EXPECT: error buffering-hazard
 * Every rank sends to its right neighbor before receiving from its left one: a cycle of
 * standard sends that completes only when they are buffered.
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

    int right = (rank + 1) % nprocs, left = (rank + nprocs - 1) % nprocs;
    int out = rank, in = -1;
    MPI_Send(&out, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
