/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A copy of a request handle is kept, the request completes, and after a long run
 * the copy is waited on: a use of a stale handle (MPI 3.1 §3.7.3). By then the
 * checker has forgotten the long-finished request, so the report says the handle is a
 * stale copy without naming the call that completed it (a short run names it).
 */
#include <mpi.h>

#ifndef ITERS
#define ITERS 10000
#endif

int main(int argc, char **argv) {
    int rank, x = 0, y = 0;
    MPI_Request r, copy;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    MPI_Irecv(&y, 1, MPI_INT, peer, 5, MPI_COMM_WORLD, &r);
    copy = r;
    MPI_Send(&x, 1, MPI_INT, peer, 5, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (int it = 0; it < ITERS; it++) {
        if (rank == 0) {
            MPI_Send(&it, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    MPI_Wait(&copy, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
