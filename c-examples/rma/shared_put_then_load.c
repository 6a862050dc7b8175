/* RUN: -n 2
 * EXPECT: verified
 * A shared window is a window like the others: rank 0 Puts into rank 1's segment under
 * a lock and rank 1, after the unlock and a barrier, loads it through its own pointer.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 42;
    int *mine;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    *mine = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Win_lock_all(0, win); /* MPICH accepts MPI_Win_sync in a passive epoch only */
        MPI_Win_sync(win);
        assert(*mine == 42);
        MPI_Win_unlock_all(win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
