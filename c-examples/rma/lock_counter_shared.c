/* RUN: -n 3
 * EXPECT: error rma-race
 * Near miss of lock_counter_exclusive.c with MPI_LOCK_SHARED. Shared lock epochs of
 * different origins on one target may overlap (MPI 3.1 §11.5.3), so one rank's Put of
 * the counter may run concurrently with another rank's Get or Put of the same location:
 * a conflicting access (§11.7), which can also lose an increment.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, counter = 0, tmp;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win); /* BUG: does not exclude the other ranks */
    MPI_Get(&tmp, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_flush(0, win);
    tmp = tmp + 1;
    MPI_Put(&tmp, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(counter == size);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
