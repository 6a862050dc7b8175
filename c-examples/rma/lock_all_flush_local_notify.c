/* RUN: -n 2
 * EXPECT: error rma-race
 * Near miss of lock_all_flush_notify.c using MPI_Win_flush_local. A local flush only
 * completes the Put at the origin, so the origin buffer may be reused; it says nothing
 * about the target (MPI 3.1 §11.5.4). Rank 1's load after the notification may still
 * overlap the Put's update of its window (§11.7).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42, note = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush_local(1, win); /* BUG: completes the Put at the origin only */
        MPI_Send(&note, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
    } else {
        MPI_Recv(&note, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("cell = %d\n", cell);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
