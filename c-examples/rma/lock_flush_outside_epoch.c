/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 completes a lock epoch on rank 1 and then calls MPI_Win_flush(1) once more, after
 * the unlock. Flush calls are valid only inside a passive-target epoch, i.e. between
 * lock and unlock or lock_all and unlock_all (MPI 3.1 §11.5.4).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 8;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        MPI_Win_flush(1, win); /* BUG: no passive-target epoch is open */
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
