/* RUN: -n 3
 * EXPECT: verified
 * Near miss of cycle3_ssend_ring.c: the same synchronous ring, but each rank
 * posts its receive with MPI_Irecv before the MPI_Ssend, so every synchronous
 * send finds its receive already started. Every rank sends before it waits
 * for its receive; there is no cycle and the program is correct under any
 * buffering. One execution (no wildcards).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, mine, theirs = -1;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    mine = 10 * rank;

    MPI_Irecv(&theirs, 1, MPI_INT, left, 3, MPI_COMM_WORLD, &req);
    MPI_Ssend(&mine, 1, MPI_INT, right, 3, MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    assert(theirs == 10 * left);

    MPI_Finalize();
    return 0;
}
