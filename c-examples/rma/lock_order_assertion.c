/* RUN: -n 3
 * EXPECT: error assertion
 * Ranks 1 and 2 each lock rank 0's window exclusively and Put their rank into the same
 * cell. The exclusive locks serialize the two epochs, so there is no race, but MPI does
 * not say which rank gets the lock first (MPI 3.1 §11.5.3). Rank 0 asserts after the
 * barrier that the last writer was rank 2; the order in which rank 1 goes last fails.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank != 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(cell == 2); /* BUG: 1 is just as possible */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
