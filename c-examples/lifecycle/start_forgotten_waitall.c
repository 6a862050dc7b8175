/* RUN: -n 2
 * EXPECT: error mpi-usage
 * EXPECT: error buffering-hazard
 * A halo step with persistent requests: each rank makes a send and a receive request, but
 * MPI_Startall is given only the first one, so MPI_Waitall completes a receive request that was
 * never started. MPI allows completing an inactive request (it returns at once with an empty
 * status, MPI 3.1 §3.9), so that is no error; but the messages sent are never received before
 * MPI_Finalize (§8.7), and each send completes only where the library buffers it.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, out, in = -1;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int peer = (rank + 1) % size;
    MPI_Send_init(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    out = rank;
    MPI_Startall(1, reqs); /* should be 2 */
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Finalize();
    return 0;
}
