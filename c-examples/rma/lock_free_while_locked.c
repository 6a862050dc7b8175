/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 locks rank 1, Puts, and calls MPI_Win_free without unlocking. A process may free
 * a window only after completing its RMA involvement on it, e.g. by unlocking every lock
 * it holds (MPI 3.1 §11.2.5); the lock epoch and its Put are still open.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 2;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    MPI_Win_free(&win); /* BUG: rank 0 still holds the lock on rank 1 */
    MPI_Finalize();
    return 0;
}
