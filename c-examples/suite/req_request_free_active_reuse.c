/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 keeps a copy of its persistent request handle, frees the request with MPI_Request_free
 * while it is active, then starts it again through the stale copy (MPI 3.1 §3.7.3: the handle
 * is no longer valid after the free).
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

    MPI_Request req, copy;
    int buf = 3;
    if (rank == 0) {
        MPI_Send_init(&buf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        copy = req;
        MPI_Start(&req);
        MPI_Request_free(&req);
        MPI_Start(&copy);
        MPI_Wait(&copy, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
