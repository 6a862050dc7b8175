/* RUN: -n 3
 * EXPECT: error deadlock
 * Li et al. 2011, §3 motivating example as given: P0 posts Irecv(*) and Irecv(from 1), waits on
 * both, then joins Bcast(root 1); P1 broadcasts and then Isends to P0; P2 Isends then joins
 * the Bcast. Deadlocks two ways: a synchronizing Bcast (question 1), and the wildcard taking
 * P1's message so the receive from P1 starves (question 2). The other classics/ examples take one question each.
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
        MPI_Bcast(&sendbuf1, 1, MPI_INT, 1, MPI_COMM_WORLD);
        MPI_Isend(&sendbuf2, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
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
