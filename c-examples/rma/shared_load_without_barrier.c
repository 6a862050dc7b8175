/* RUN: -n 2
 * EXPECT: error rma-race
 * Rank 0 stores into its segment of a shared window and rank 1 loads it directly,
 * with memory barriers (MPI_Win_sync) on both sides but no process synchronization
 * between them: the load may come before or after the store (Hoefler et al. 2015, §3.6).
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
    if (rank == 0) {
        *mine = 7;
        MPI_Win_sync(win);
    } else {
        MPI_Win_sync(win);
        printf("rank 0 holds %d\n", *first); /* BUG: no barrier or message orders it */
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
