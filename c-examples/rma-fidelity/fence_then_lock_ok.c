/* RUN: -n 2
 * EXPECT: verified
 * A fence epoch of Puts closed by MPI_Win_fence(0), then a passive-target epoch
 * (lock, Put, unlock) with no fence after it. A fence starts an access epoch only
 * if RMA calls and another fence follow it (MPI 3.1 §11.5.1), and assert = 0 is
 * always valid (§11.5.5): the second fence starts none, so the lock is allowed.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, mine, late = 8;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = 10 + rank;
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put(&mine, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    assert(cells[0] == 11 - rank);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&late, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    if (rank == 1)
        assert(cells[1] == 8);
    MPI_Finalize();
    return 0;
}
