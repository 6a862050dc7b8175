/* RUN: -n 3
 * EXPECT: verified
 * MPI_Win_allocate_shared lays the segments out one after the other in rank order
 * (MPI 3.1 §11.2.3, unless the info key alloc_shared_noncontig is given), so rank 0
 * can walk the whole window from its own base pointer. Every rank fills its segment
 * (of rank + 1 ints) before a fence; then rank 0 sums everything.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    int *mine;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate_shared((rank + 1) * sizeof(int), sizeof(int), MPI_INFO_NULL,
                            MPI_COMM_WORLD, &mine, &win);
    MPI_Win_fence(0, win);
    for (int i = 0; i <= rank; i++)
        mine[i] = rank;
    MPI_Win_fence(0, win);
    if (rank == 0) {
        int total = 0, n = size * (size + 1) / 2;
        for (int i = 0; i < n; i++)
            total += mine[i];
        assert(total == 0 * 1 + 1 * 2 + 2 * 3);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
