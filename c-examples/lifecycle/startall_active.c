/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Each step starts a send and a receive request but completes only the receive (MPI_Wait on
 * reqs[1]); the next MPI_Startall restarts the send request while it is still active, which is
 * erroneous (MPI 3.1 §3.9). The report names the argument and the line of the earlier start.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, out = 0, in = 0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int peer = (rank + 1) % size;
    MPI_Send_init(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    for (int step = 0; step < 2; step++) {
        MPI_Startall(2, reqs);
        MPI_Wait(&reqs[1], MPI_STATUS_IGNORE); /* reqs[0] never completed */
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Finalize();
    return 0;
}
