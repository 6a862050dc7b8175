/* RUN: -n 3
 * EXPECT: verified
 * The common idiom for passive-target codes: every rank opens one MPI_Win_lock_all
 * epoch with MPI_MODE_NOCHECK for the whole computation and synchronizes with
 * flushes and barriers. No process ever asks for an exclusive lock, so the promise
 * "no conflicting lock is held or attempted" holds (MPI 3.1 §11.5.5): shared locks do
 * not conflict.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, slot[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    int next = (rank + 1) % size, value = 10 + rank;
    MPI_Put(&value, 1, MPI_INT, next, rank, 1, MPI_INT, win);
    MPI_Win_flush(next, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    int prev = (rank + size - 1) % size;
    assert(slot[prev] == 10 + prev);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
