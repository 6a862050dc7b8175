/* RUN: -n 2
 * EXPECT: verified
 * A receive posted for a message that never comes is cancelled (MPI 3.1 §3.8.4): the cancel
 * of a receive not matched yet succeeds, MPI_Wait returns, and MPI_Test_cancelled says so.
 * The branch where the cancel fails would need the receive to complete normally, which it
 * never does, so it is not an execution MPI allows: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(&v, 1, MPI_INT, 1, 99, MPI_COMM_WORLD, &req);
        MPI_Cancel(&req);
        MPI_Wait(&req, &st);
        MPI_Test_cancelled(&st, &flag);
        assert(flag);
    }
    MPI_Finalize();
    return 0;
}
