/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The handle MPI_Comm_idup returns is defined only when its request completes (MPI 3.1
 * §6.4.2, §5.12: output arguments of a pending nonblocking call must not be used). The
 * checker writes it at completion, so rank 0's barrier on it before MPI_Wait uses the
 * MPI_COMM_NULL the variable still holds: an invalid communicator.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup = MPI_COMM_NULL;
    MPI_Request req;
    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    if (rank == 0)
        MPI_Barrier(dup); /* too early: the request is still pending */
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Barrier(dup);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
