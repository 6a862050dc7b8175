/* RUN: -n 3
 * EXPECT: error rma-race
 * Ranks 1 and 2 each write their rank into a cell of rank 0 in ITERS exclusive lock
 * epochs (MPI_Put, unlock). Rank 1 then tells rank 0, which reads the cell: its load
 * is ordered after rank 1's epochs and, through the lock grants, after rank 2's
 * epochs that were granted before rank 1's last one, but not after a later epoch of
 * rank 2 (MPI 3.1 §11.7). The race is found in the grant orders where rank 2 ends
 * last, although the earlier epochs' access records are gone by then (one is kept
 * per call site, the latest).
 */
#include <mpi.h>
#include <stdio.h>

#ifndef ITERS
#define ITERS 3
#endif

int main(int argc, char **argv) {
    int rank, cell = 0, done = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank != 0) {
        for (int i = 0; i < ITERS; i++) {
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
            MPI_Win_unlock(0, win);
        }
        if (rank == 1)
            MPI_Send(&done, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&done, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("cell %d\n", cell);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
