/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 locks rank 1's window and, still holding that lock, calls MPI_Win_lock on rank 1
 * again. A process may hold at most one lock per target at a time: access epochs on one
 * window to one target must be disjoint (MPI 3.1 §11.5, §11.5.3).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 5;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win); /* BUG: rank 1 is already locked */
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
