/* RUN: -n 2
 * EXPECT: verified
 * Symmetric exchange with MPI_Issend: each rank starts a synchronous nonblocking send, then
 * blocks in MPI_Recv, then waits for the send. The Issend does not block, so both receives
 * are posted and both synchronous sends can complete. Correct under any buffering.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, out, in = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    out = 7 * (rank + 1);

    MPI_Issend(&out, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &req);
    MPI_Recv(&in, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    assert(in == 7 * (partner + 1));

    MPI_Finalize();
    return 0;
}
