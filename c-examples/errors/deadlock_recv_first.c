/* RUN: -n 2
 * EXPECT: error deadlock
 * Exchange written receive-first on both sides: each rank blocks in MPI_Recv waiting for a
 * message the partner only sends after its own receive. No buffering helps, since nothing
 * has been sent yet: deadlock under zero and infinite buffering.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, out, in;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    out = rank;

    MPI_Recv(&in, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&out, 1, MPI_INT, partner, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
