/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 remembers its receive request in a second variable, completes it with MPI_Wait
 * through the first (which becomes MPI_REQUEST_NULL), and then tests the remembered copy:
 * the request no longer exists, the handle is stale (MPI 3.1 §3.7.3). The report names the
 * line of the MPI_Wait that completed it.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, flag = 0;
    MPI_Request req, pending;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        pending = req;
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Test(&pending, &flag, MPI_STATUS_IGNORE);
    } else {
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
