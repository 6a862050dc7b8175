/* RUN: -n 2
 * EXPECT: error buffering-hazard
 * Both ranks send before they receive, step after step: correct only while the
 * library buffers standard sends. The first step already deadlocks without buffering,
 * so nothing after it is settled for the zero-buffering replay: the checker keeps that
 * part of the past to the end and reports the hazard at the first step of a long run.
 */
#include <mpi.h>

#ifndef ITERS
#define ITERS 6000
#endif

int main(int argc, char **argv) {
    int rank, out = 0, in = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    for (int it = 0; it < ITERS; it++) {
        out = it;
        MPI_Send(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
        MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
