/* RUN: -n 4
 * EXPECT: error assertion
 * Three origins replace the same two ints of rank 0's window with
 * MPI_Accumulate(MPI_REPLACE) in one fence epoch. Accumulates are atomic
 * per element, not per call (MPI 3.1 §11.7.1): each int ends with the value
 * of whichever origin reached it last, independently of the other int, so
 * the pair may hold rank 3's value first and rank 1's second. The assertion
 * that this cannot happen fails in one of the orders explored, whichever
 * origin issues first.
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
    if (rank == 0)
        assert(!(pair[0] == 3 && pair[1] == 1)); /* BUG: reachable */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
