/* RUN: -n 2
 * EXPECT: verified
 * Between two MPI_Win_fence(0) calls rank 0 issues no RMA call of the fence epoch;
 * it updates rank 1 under an exclusive lock instead. A fence starts an access epoch
 * only when RMA calls of that epoch follow it (MPI 3.1 §11.5.1), so the lock epoch
 * overlaps none; MPICH's own test suite mixes synchronizations this way. The second
 * fence then orders rank 0's unlock before rank 1's check.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 6;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 1)
        assert(cell == 6);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
