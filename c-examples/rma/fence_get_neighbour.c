/* RUN: -n 3
 * EXPECT: verified
 * Each rank Gets its right neighbour's window value between two fences. The Get's
 * result buffer is defined only once the closing fence returns (MPI 3.1 §11.5.1), and
 * the assertion reads it after that. The opening fence asserts MPI_MODE_NOPUT (no Put
 * or Accumulate will update any window in this epoch) and the closing one
 * MPI_MODE_NOSTORE (no local store since the opening fence), both true here.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, value, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size;
    value = 100 + rank;
    MPI_Win_create(&value, sizeof value, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE | MPI_MODE_NOPUT, win);
    MPI_Get(&got, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSTORE | MPI_MODE_NOSUCCEED, win);
    assert(got == 100 + right);
    assert(value == 100 + rank);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
