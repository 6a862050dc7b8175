/* RUN: -n 3
 * EXPECT: verified
 * A non-periodic shift: the last rank's right neighbour is MPI_PROC_NULL, so
 * its Put is a no-op inside the fence epoch (MPI 3.1 §11.3); every other rank
 * receives its left neighbour's value.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, cell = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&rank, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    assert(cell == (rank == 0 ? -1 : rank - 1));
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
