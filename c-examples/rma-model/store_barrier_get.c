/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 stores 7 into its window after creating it, a barrier follows, then rank 0
 * reads it with MPI_Get under a shared lock. The barrier orders the store before the
 * Get, which in the unified model (MPI 3.1 §11.4) reads the stored value: verified.
 * Under the separate model (store_barrier_get_separate.c) the store stays in the
 * private copy until rank 1's next MPI_Win_sync, fence, post or unlock (§11.7, rule 5).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        cell = 7;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        assert(got == 7);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
