/* RUN: -n 5
 * EXPECT: verified
 * Benchmark: lock contention. Every rank but 0 takes an exclusive lock on
 * rank 0's window, reads the counter, flushes, writes it back incremented and
 * unlocks; the grants happen in every order MPI allows (4! = 24), and each
 * rank also checks what it read against the order it got the lock in. After a
 * barrier rank 0 checks the total.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, counter = 0, seen = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank > 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Get(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        assert(seen >= 0 && seen < size - 1);
        seen++;
        MPI_Put(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(counter == size - 1);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
