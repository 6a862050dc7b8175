/* RUN: -n 2
 * EXPECT: verified
 * Cancelling a send: either the cancel succeeds or the message is delivered, never both
 * (MPI 3.1 §3.8.4). Rank 0 tells rank 1 with MPI_Test_cancelled whether to expect the
 * message; both outcomes are explored: two executions.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 5, cancelled = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Status st;
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Cancel(&req);
        MPI_Wait(&req, &st);
        MPI_Test_cancelled(&st, &cancelled);
        MPI_Send(&cancelled, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        int got = 0;
        MPI_Recv(&cancelled, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!cancelled) {
            MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(got == 5);
        }
    }
    MPI_Finalize();
    return 0;
}
