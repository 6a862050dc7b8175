/* RUN: -n 2
 * EXPECT: error request-leak
 * Rank 1 starts MPI_Ibarrier and never completes the request; rank 0 waits on its own.
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
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    if (rank == 0)
        MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
