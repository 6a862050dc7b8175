/* RUN: -n 3
 * EXPECT: verified
 * Every rank exposes a read-only table for one epoch: the fence asserts
 * MPI_MODE_NOPUT (no Put or accumulate will update the window until the next fence)
 * and MPI_MODE_NOSTORE (no local store since the last synchronization), and each rank
 * only Gets its neighbour's entry. Both promises hold (MPI 3.1 §11.5.5).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, entry, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    entry = rank * rank;
    MPI_Win_create(&entry, sizeof entry, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE | MPI_MODE_NOPUT | MPI_MODE_NOSTORE, win);
    int next = (rank + 1) % size;
    MPI_Get(&got, 1, MPI_INT, next, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED | MPI_MODE_NOSTORE, win);
    assert(got == next * next);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
