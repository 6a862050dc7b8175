/* RUN: -n 2
 * EXPECT: error request-leak
 * Rank 0 writes into rank 1's window with MPI_Rput and closes the epoch with
 * MPI_Win_unlock, which completes the operation, but never waits for or frees the
 * request: every request must be completed or freed before MPI_Finalize
 * (MPI 3.1 §11.3.5, §8.7).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 12;
    MPI_Win win;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Rput(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &req); /* BUG: req never waited */
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
