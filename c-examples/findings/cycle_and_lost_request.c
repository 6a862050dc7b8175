/* RUN: -n 3
 * EXPECT: error buffering-hazard
 * EXPECT: error request-leak
 * Two independent bugs in one run. Ranks 0 and 1 exchange with blocking sends first (a
 * send-send cycle that only completes when the library buffers), and rank 2 posts a
 * nonblocking send to rank 0 that it never completes (no MPI_Wait before MPI_Finalize).
 * Both are reported, each with its own trace.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, out = 1, in = 0, extra = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank < 2) {
        int peer = 1 - rank;
        MPI_Send(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
        MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rank == 0)
            MPI_Recv(&extra, 1, MPI_INT, 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Isend(&out, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
    }
    MPI_Finalize();
    return 0;
}
