/* RUN: -n 2
 * EXPECT: error epoch-error
 * Both ranks open a fence epoch with MPI_Win_fence(0), then rank 0 locks rank 1 inside it.
 * Active- and passive-target synchronization may not be mixed on a window: a fence epoch
 * must be ended with MPI_MODE_NOSUCCEED before a lock, and a window may not be locked
 * while it is exposed (MPI 3.1 §11.5.1, §11.5.3). See lock_fence_switch.c for the fix.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 6;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win); /* BUG: inside a fence epoch */
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
