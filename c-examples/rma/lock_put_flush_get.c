/* RUN: -n 2
 * EXPECT: verified
 * Near miss of lock_put_get_no_flush.c: MPI_Win_flush(1) between the Put and the Get
 * completes the Put at the target (MPI 3.1 §11.5.4) before the Get is issued, so the
 * Get reads 42. Its result buffer is valid after the unlock completes it (§11.5.3).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush(1, win);
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        assert(got == 42);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
