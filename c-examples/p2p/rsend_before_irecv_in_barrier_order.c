/* RUN: -n 2
 * EXPECT: error mpi-usage
 * Near miss of rsend_after_barrier.c with the order wrong on the receiver: rank 1 meets the
 * barrier first and posts its MPI_Irecv after it, so rank 0's MPI_Rsend after the same barrier
 * may come before the receive is posted (MPI 3.1 §3.4).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 7;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Rsend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
