/* RUN: -n 3
 * EXPECT: error assertion
 * Two origins replace the same two ints of rank 0's window with
 * MPI_Accumulate(MPI_REPLACE) in one fence epoch. Concurrent accumulates do
 * not race, but they are atomic per element, not per call (MPI 3.1 §11.7.1):
 * the pair may end up with one int from each origin, so the assertion that
 * both come from the same origin fails in some of the orders explored.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, pair[2] = {0, 0};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(pair, sizeof pair, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank > 0) {
        int mine[2] = {rank, rank};
        MPI_Accumulate(mine, 2, MPI_INT, 0, 0, 2, MPI_INT, MPI_REPLACE, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 0) {
        assert(pair[0] == 1 || pair[0] == 2);
        assert(pair[1] == 1 || pair[1] == 2);
        assert(pair[0] == pair[1]); /* BUG: atomicity is per element */
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
