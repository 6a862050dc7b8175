/* RUN: -n 3 --all-errors
 * EXPECT: error assertion
 * EXPECT: error deadlock
 * Twin of assert_stops_chain_of_waits.c: rank 0 fails its assertion, and ranks 1 and 2,
 * which never wait for rank 0, both MPI_Ssend to each other before receiving. A
 * synchronous send completes only once its receive has started (MPI 3.1 §3.4), so they
 * deadlock whatever rank 0 does: a second error of its own, still reported beside the
 * assertion.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 1, got = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        assert(v == 2);
    } else {
        int peer = 3 - rank;
        MPI_Ssend(&v, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
        MPI_Recv(&got, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
