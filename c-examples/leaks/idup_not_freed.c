/* RUN: -n 2
 * EXPECT: error resource-leak
 * Both ranks duplicate MPI_COMM_WORLD with the nonblocking MPI_Comm_idup and wait for it, but
 * never free the new communicator (MPI 3.1 §6.4.2, §8.7). The communicator is made when the
 * last rank calls MPI_Comm_idup; every rank's report still points at its own MPI_Comm_idup.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Comm copy;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_idup(MPI_COMM_WORLD, &copy, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 0)
        v = 3;
    MPI_Bcast(&v, 1, MPI_INT, 0, copy);
    MPI_Finalize();
    return 0;
}
