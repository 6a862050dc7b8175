/* RUN: -n 2
 * EXPECT: error deadlock
 * Same exchange as issend_overlap.c but the MPI_Wait on the Issend comes before MPI_Recv.
 * A synchronous send completes only once the partner's receive matches it, and both ranks
 * wait before receiving: a deadlock under every buffering choice (Issend never buffers).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, out, in = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    out = 7 * (rank + 1);

    MPI_Issend(&out, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Recv(&in, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
