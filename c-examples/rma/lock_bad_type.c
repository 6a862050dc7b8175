/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A lock type that is neither MPI_LOCK_EXCLUSIVE nor MPI_LOCK_SHARED
 * (MPI_ERR_LOCKTYPE, MPI 3.1 §11.5.3).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(0, 1, 0, win); /* BUG */
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
