/* RUN: -n 3
 * EXPECT: verified
 * Every rank of a shared window calls MPI_Win_fence(0) and then opens an
 * MPI_Win_lock_all epoch in which it puts into its right neighbour's segment. No
 * RMA call follows the fence before the lock, so the fence started no epoch (MPI
 * 3.1 §11.5.1) and lock_all is valid; a barrier after unlock_all orders the Puts
 * before the checks.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, *mine, v;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    MPI_Win_fence(0, win);
    MPI_Win_lock_all(0, win);
    v = rank;
    MPI_Put(&v, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);
    MPI_Win_sync(win);
    assert(*mine == (rank + size - 1) % size);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
