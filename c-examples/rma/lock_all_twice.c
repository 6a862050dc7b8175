/* RUN: -n 2
 * EXPECT: error epoch-error
 * A second MPI_Win_lock_all on a window before MPI_Win_unlock_all: lock_all
 * epochs do not nest (MPI 3.1 §11.5.3).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    MPI_Win_lock_all(0, win); /* BUG */
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
