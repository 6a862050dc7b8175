/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 1 reads its receive buffer between MPI_Irecv and MPI_Wait (MPI 3.1 §3.7.2: the receive
 * buffer must not be accessed until the receive completes).
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
    int buf[2] = {0, 0};
    int seen = 0;
    if (rank == 0) {
        buf[0] = 1;
        MPI_Send(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Irecv(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        seen = buf[0];
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (seen != buf[0])
            printf("read too early\n");
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
