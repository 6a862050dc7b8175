/* RUN: -n 3
 * EXPECT: verified
 * Li et al. 2011, §3, question 5 (completion order of nonblocking receives). P0 posts Irecv from
 * P2 then Irecv from P1 and waits on them in REVERSED order (second request first). No
 * deadlock is found: nonblocking receives are only initiated in program order and may
 * complete in either order. Isends precede the Bcast, so it cannot deadlock either.
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
        MPI_Wait(&req2, MPI_STATUS_IGNORE);
        MPI_Wait(&req1, MPI_STATUS_IGNORE);
        assert(rcvbuf1 == 20 && rcvbuf2 == 10);
        MPI_Bcast(&rcvbuf3, 1, MPI_INT, 1, MPI_COMM_WORLD);
        assert(rcvbuf3 == 7);
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
        assert(recvbuf2 == 7);
    }
    MPI_Finalize();
    return 0;
}
