/* RUN: -n 3
 * EXPECT: error assertion
 * EXPECT: error local-race
 * Li et al. 2011, §3, question 4 (when may buffers be accessed). Deterministic sources (rcvbuf1
 * from P2, rcvbuf2 from P1) and no deadlock, but the assertion rcvbuf1 == 20 is moved
 * before the MPI_Waits: an Irecv's buffer holds the data only after its Wait, so the check
 * can see the initial 0. Reading a pending receive buffer is also a local race.
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
        assert(rcvbuf1 == 20); /* too early: the receive may not have completed */
        MPI_Wait(&req1, MPI_STATUS_IGNORE);
        MPI_Wait(&req2, MPI_STATUS_IGNORE);
        MPI_Bcast(&rcvbuf3, 1, MPI_INT, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int sendbuf1 = 7, sendbuf2 = 10;
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
