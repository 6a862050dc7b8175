/* RUN: -n 2
 * EXPECT: error request-leak
 * Rank 1 posts a receive for a message that never comes before a long ping-pong, and
 * finalizes without completing it. The run is long enough for the checker to forget
 * most of its past; the pending receive and the call that posted it are kept, so the
 * report still names that call's line.
 */
#include <mpi.h>

#ifndef ITERS
#define ITERS 10000
#endif

int main(int argc, char **argv) {
    int rank, x = 0, late = 0;
    MPI_Request never;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1)
        MPI_Irecv(&late, 1, MPI_INT, 0, 99, MPI_COMM_WORLD, &never);
    for (int it = 0; it < ITERS; it++) {
        if (rank == 0) {
            MPI_Send(&it, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
