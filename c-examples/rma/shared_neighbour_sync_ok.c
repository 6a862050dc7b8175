/* RUN: -n 3
 * EXPECT: verified
 * The ranks share one window allocated with MPI_Win_allocate_shared. Each stores its
 * value into its own segment, then the ranks synchronize as Hoefler et al. 2015, §3.6 and MPI 3.1
 * §11.4 ask for the unified model: MPI_Win_sync (memory barrier), MPI_Barrier (process
 * synchronization), MPI_Win_sync again; then each loads its right neighbour's value
 * directly through the pointer MPI_Win_shared_query returned.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, disp;
    int *mine, *theirs;
    MPI_Aint bytes;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    int right = (rank + 1) % size;
    MPI_Win_shared_query(win, right, &bytes, &disp, &theirs);
    assert(bytes == sizeof(int) && disp == sizeof(int));
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    *mine = 100 + rank;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    assert(*theirs == 100 + right);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
