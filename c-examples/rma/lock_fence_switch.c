/* RUN: -n 2
 * EXPECT: verified
 * Legal switch between active and passive target (MPI 3.1 §11.5.1, §11.5.3): a fence
 * epoch of Puts ends with MPI_MODE_NOSUCCEED; then rank 0 does lock/Put/unlock on
 * rank 1; a barrier orders that unlock before rank 1 reads its window and before the
 * next fence epoch opens with MPI_MODE_NOPRECEDE, in which rank 0 Gets the same cell.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, mine, late = 99, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = 10 + rank;
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&mine, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    assert(cells[0] == 10 + (1 - rank));
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&late, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        assert(cells[1] == 99);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        MPI_Get(&got, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0)
        assert(got == 99);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
