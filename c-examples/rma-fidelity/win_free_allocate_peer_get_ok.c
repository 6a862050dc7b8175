/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 calls MPI_Win_free as soon as its own part is done, while rank 0 still
 * reads rank 1's memory under a shared lock. MPI_Win_free is collective (MPI 3.1
 * §11.2.5): the memory MPI_Win_allocate gave rank 1 stays the window's, and rank 0's
 * Get sees the value, until every member has called it.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, *base, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    *base = 70 + rank;
    MPI_Win_unlock(rank, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        assert(got == 71);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
