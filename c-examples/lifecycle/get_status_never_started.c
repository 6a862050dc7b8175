/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 polls its persistent receive with MPI_Request_get_status before it has ever started
 * it: the request is inactive, so the call reports "complete" at once with an empty status
 * (MPI 3.1 §3.7.6, §3.9). That is legal, and the program then starts the receive and waits
 * for the message, which it gets.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 0, flag = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else {
        value = 5;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
