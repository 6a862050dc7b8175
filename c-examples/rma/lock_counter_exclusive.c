/* RUN: -n 3
 * EXPECT: verified
 * A shared counter on rank 0 incremented by read-modify-write: every rank takes an
 * exclusive lock on rank 0, Gets the counter, flushes, adds one and Puts it back.
 * Exclusive lock epochs on one target never overlap (MPI 3.1 §11.5.3), so in every
 * lock order no update is lost. All unlocks precede the barrier, after which rank 0
 * reads its own window.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, counter = 0, tmp;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Get(&tmp, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_flush(0, win);
    tmp = tmp + 1;
    MPI_Put(&tmp, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(counter == size);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
