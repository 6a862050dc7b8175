/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 keeps a copy of its send request, frees the request (MPI_Request_free sets `req`,
 * not `copy`, to MPI_REQUEST_NULL) and then waits on the copy: the handle is stale (MPI 3.1
 * §3.7.3). The report names the request and the line of the free.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 7;
    MPI_Request req, copy;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        copy = req;
        MPI_Request_free(&req);
        MPI_Wait(&copy, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
