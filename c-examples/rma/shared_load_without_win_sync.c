/* RUN: -n 2
 * EXPECT: error rma-race
 * Rank 0 stores into its segment of a shared window, both ranks meet in a barrier,
 * and rank 1 loads the value directly, but neither side calls MPI_Win_sync. In the
 * unified memory model the barrier orders the processes, yet the store need not be
 * visible without the memory barrier MPI_Win_sync provides (MPI 3.1 §11.4, §11.7;
 * Hoefler et al. 2015, §3.6).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, disp;
    int *mine, *first;
    MPI_Aint bytes;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    MPI_Win_shared_query(win, 0, &bytes, &disp, &first);
    MPI_Win_lock_all(0, win);
    if (rank == 0)
        *mine = 7;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        printf("rank 0 holds %d\n", *first); /* BUG: no MPI_Win_sync on either side */
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
