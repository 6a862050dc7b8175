/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 0 cancels its send and never checks MPI_Test_cancelled; rank 1 still waits for the
 * message. When the cancel succeeds (MPI 3.1 §3.8.4) the message is gone and rank 1 waits
 * forever.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 5;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Cancel(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
