/* RUN: -n 2
 * EXPECT: error deadlock
 * The root of an MPI_Ibcast waits for it before sending a message the other rank needs
 * before it even starts the broadcast. If the broadcast synchronizes (MPI allows it, §5.12),
 * the root's MPI_Wait waits for rank 1's MPI_Ibcast, which waits for the root's message.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, token = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
