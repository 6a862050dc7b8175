/* RUN: -n 3
 * EXPECT: verified
 * 1-D ring halo exchange. Each rank owns cells[1..2] and keeps halo copies of its
 * neighbours' boundary values in cells[0] (left) and cells[3] (right). Between two
 * fences it Puts cells[1] into the left neighbour's right halo and cells[2] into the
 * right neighbour's left halo. The closing fence completes every Put at its target
 * (MPI 3.1 §11.5.1), so the halos read after it hold the neighbours' values.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, cells[4];
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    cells[0] = cells[3] = -1;
    cells[1] = 10 * rank + 1;
    cells[2] = 10 * rank + 2;
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&cells[1], 1, MPI_INT, left, 3, 1, MPI_INT, win);
    MPI_Put(&cells[2], 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    assert(cells[0] == 10 * left + 2);
    assert(cells[3] == 10 * right + 1);
    assert(cells[1] == 10 * rank + 1 && cells[2] == 10 * rank + 2);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
