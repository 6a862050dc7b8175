/* RUN: -n 2
 * EXPECT: error resource-leak
 * Rank 0's persistent request is started and completed, but never freed (MPI_Request_free).
 */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 1;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send_init(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
