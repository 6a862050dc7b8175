/* RUN: -n 3
 * EXPECT: error epoch-error
 * Rank 0 holds a lock on rank 1 only, then flushes rank 2: a flush needs a
 * passive-target epoch to the rank it names (MPI 3.1 §11.5.4).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 3;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush(2, win); /* BUG: no epoch to rank 2 */
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
