/* RUN: -n 3
 * EXPECT: error epoch-error
 * After MPI_Win_fence(0), rank 0 locks rank 1 and, inside that lock epoch, puts to
 * rank 2, which the lock does not cover. That Put belongs to the fence's access
 * epoch, which it starts while the lock epoch is open: access epochs on one window
 * must not overlap (MPI 3.1 §11.5, §11.5.1). Locking rank 2 too, or putting after
 * the closing fence, fixes it.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 4;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win); /* BUG: rank 2 is not locked */
        MPI_Win_unlock(1, win);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
