/* RUN: -n 2
 * EXPECT: verified
 * The portable form of store_barrier_get.c: rank 1 stores inside a passive-target
 * epoch on its own window (MPI_Win_lock_all) and calls MPI_Win_sync before the barrier,
 * which publishes the store to the public copy (MPI 3.1 §11.7, rule 5). Correct under
 * both memory models (store_sync_barrier_get_separate.c).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    if (rank == 1) {
        cell = 7;
        MPI_Win_sync(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush(1, win);
        assert(got == 7);
    }
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
