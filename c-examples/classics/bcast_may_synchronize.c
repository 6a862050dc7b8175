/* RUN: -n 3
 * EXPECT: error deadlock
 * Li et al. 2011, §3, question 1 (synchronizing collective). The wildcard is replaced by "from 2"
 * so only the Bcast matters: P1 enters Bcast(root 1) before its Isend, and P0 joins the
 * Bcast only after receiving that Isend. Non-synchronizing Bcast: fine. Synchronizing
 * Bcast: P1 waits for P0, P0 waits for P1's message. MPI allows both, so: deadlock.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Request req1, req2, req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int rcvbuf1 = 0, rcvbuf2 = 0, rcvbuf3 = 0;
        MPI_Irecv(&rcvbuf1, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &req1);
        MPI_Irecv(&rcvbuf2, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req2);
        MPI_Wait(&req1, MPI_STATUS_IGNORE);
        MPI_Wait(&req2, MPI_STATUS_IGNORE);
        assert(rcvbuf1 == 20 && rcvbuf2 == 11);
        MPI_Bcast(&rcvbuf3, 1, MPI_INT, 1, MPI_COMM_WORLD);
        assert(rcvbuf3 == 10);
    } else if (rank == 1) {
        int sendbuf1 = 10, sendbuf2 = 11;
        MPI_Bcast(&sendbuf1, 1, MPI_INT, 1, MPI_COMM_WORLD);
        MPI_Isend(&sendbuf2, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        int sendbuf2 = 20, recvbuf2 = 0;
        MPI_Isend(&sendbuf2, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Bcast(&recvbuf2, 1, MPI_INT, 1, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(recvbuf2 == 10);
    }
    MPI_Finalize();
    return 0;
}
