/* RUN: -n 2
 * EXPECT: error non-termination
 * Rank 0 spins on MPI_Test for rank 1's reply, but rank 1 sends the reply only after it has
 * received rank 0's request, which rank 0 sends after its loop: the polled receive can never
 * complete, so rank 0 loops forever while rank 1 blocks.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, flag = 0, request_value = 3, reply = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&reply, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        do {
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        } while (!flag);
        MPI_Send(&request_value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&request_value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        reply = request_value * 2;
        MPI_Send(&reply, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
