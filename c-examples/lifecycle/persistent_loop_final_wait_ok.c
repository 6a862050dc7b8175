/* RUN: -n 2
 * EXPECT: verified
 * Near miss of start_forgotten_waitall.c: every iteration starts both persistent requests
 * (MPI_Startall) and completes them (MPI_Waitall); after the loop a defensive MPI_Waitall and an
 * MPI_Testall on the now inactive requests return at once (MPI 3.1 §3.9). They were started
 * before, so nothing is missing. A request array entry set to MPI_REQUEST_NULL is legal too.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, out, in = -1, flag = 0;
    MPI_Request reqs[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int peer = (rank + 1) % size;
    MPI_Send_init(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    reqs[2] = MPI_REQUEST_NULL;
    for (int step = 0; step < 3; step++) {
        out = 10 * rank + step;
        MPI_Startall(2, reqs);
        MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
        assert(in == 10 * peer + step);
    }
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    MPI_Testall(3, reqs, &flag, MPI_STATUSES_IGNORE);
    assert(flag);
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Finalize();
    return 0;
}
