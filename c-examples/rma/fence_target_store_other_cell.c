/* RUN: -n 2
 * EXPECT: verified
 * Near miss of fence_target_store_same_cell.c: rank 1 stores into cells[1] of its own
 * window while rank 0 Puts into cells[0] in the same fence epoch. In the unified memory
 * model (MPI 3.1 §11.4) the store/Put restriction of §11.7 applies to overlapping
 * locations only, so disjoint cells do not conflict and both values are defined after
 * the closing fence.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 7;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    else
        cells[1] = 5; /* a different element than the Put's target */
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 1)
        assert(cells[0] == 7 && cells[1] == 5);
    else
        assert(cells[0] == 0 && cells[1] == 0);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
