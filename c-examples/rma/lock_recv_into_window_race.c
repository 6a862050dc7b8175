/* RUN: -n 3
 * EXPECT: error rma-race
 * Rank 1 receives a message from rank 2 straight into its window while rank 0 reads
 * the same cell with MPI_Get under a shared lock. A receive updates the window like a
 * local store (MPI 3.1 §11.7), and nothing orders it with rank 0's Get: the value
 * rank 0 reads is undefined.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 1, got = 0, fresh = 9;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        printf("got %d\n", got);
    } else if (rank == 1) {
        MPI_Recv(&cell, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* BUG */
    } else {
        MPI_Send(&fresh, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
