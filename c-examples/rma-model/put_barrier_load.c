/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 Puts 42 into rank 1's window under an exclusive lock; the unlock completes
 * it at the target (MPI 3.1 §11.5.3) and the barrier orders that before rank 1's load.
 * In the unified memory model (§11.4) the load sees the update: verified. The same
 * program under the separate model is put_barrier_load_separate.c (rejected).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        assert(cell == 42); /* separate model: the private copy may still hold 0 */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
