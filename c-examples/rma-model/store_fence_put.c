/* RUN: -n 2
 * EXPECT: verified
 * The portable form of store_beside_put.c: rank 1 stores to cell 0 before a fence, rank
 * 0 Puts to cell 1 in the fence epoch, and rank 1 reads both after the closing fence. A
 * fence publishes the owner's stores and makes completed updates visible in the private
 * copy (MPI 3.1 §11.7, rules 5 and 6): correct under both memory models
 * (store_fence_put_separate.c).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 42;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        cells[0] = 7;
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 1)
        assert(cells[0] == 7 && cells[1] == 42);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
