/* RUN: -n 2
 * EXPECT: verified
 * Near miss of test_copy_after_wait.c: the receive is completed through the copy, and the
 * original variable, which still holds the old value, is never used again; then the copy
 * (now MPI_REQUEST_NULL) is tested, which is legal (MPI 3.1 §3.7.3).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, flag = 0;
    MPI_Request req, pending;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        pending = req;
        MPI_Wait(&pending, MPI_STATUS_IGNORE);
        MPI_Test(&pending, &flag, MPI_STATUS_IGNORE);
        assert(flag && v == 3);
    } else {
        v = 3;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
