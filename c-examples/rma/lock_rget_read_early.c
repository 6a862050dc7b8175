/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 0 fetches rank 1's value with MPI_Rget and uses it before waiting for the
 * request. Until the request completes the destination buffer belongs to MPI
 * (MPI 3.1 §11.3.5): the data may not have arrived.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell, got = -1;
    MPI_Win win;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    cell = 40 + rank;
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Rget(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &req);
        printf("got %d\n", got); /* BUG: before MPI_Wait */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
