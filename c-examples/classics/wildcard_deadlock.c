/* RUN: -n 3
 * EXPECT: error deadlock
 * Li et al. 2011, §3, question 2 (deadlock even with a non-synchronizing Bcast). P1 now Isends
 * before the Bcast, so the collective is harmless; but P0's first receive is a wildcard.
 * If it matches P1's message, the second receive (from 1) never gets a message and P0 is
 * stuck in MPI_Wait under every buffering. Only the other match order completes.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Request req1, req2, req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int rcvbuf1 = 0, rcvbuf2 = 0, rcvbuf3 = 0;
        MPI_Irecv(&rcvbuf1, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req1);
        MPI_Irecv(&rcvbuf2, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req2);
        MPI_Wait(&req1, MPI_STATUS_IGNORE);
        MPI_Wait(&req2, MPI_STATUS_IGNORE);
        MPI_Bcast(&rcvbuf3, 1, MPI_INT, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int sendbuf1 = 10, sendbuf2 = 11;
        MPI_Isend(&sendbuf2, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Bcast(&sendbuf1, 1, MPI_INT, 1, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        int sendbuf2 = 20, recvbuf2 = 0;
        MPI_Isend(&sendbuf2, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Bcast(&recvbuf2, 1, MPI_INT, 1, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
