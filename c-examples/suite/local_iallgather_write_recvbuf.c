/* RUN: -n 3
 * EXPECT: error local-race
 * Rank 2 clears the last block of its MPI_Iallgather receive buffer before MPI_Wait (MPI 3.1
 * §5.12).
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

    MPI_Request req;
    int val = rank;
    int *all = (int *)calloc(nprocs, sizeof(int));
    MPI_Iallgather(&val, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &req);
    if (rank == 2)
        all[nprocs - 1] = 0;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    free(all);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
