/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 1 creates a persistent receive and waits on it without MPI_Start: legal, the wait
 * returns at once with an empty status (MPI 3.1 §3.7.3, §3.9), but the data is never
 * received, so rank 0's synchronous send never completes.
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
    int buf = 0;
    if (rank == 0) {
        buf = 1;
        MPI_Ssend(&buf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv_init(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
