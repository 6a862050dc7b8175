/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 Puts to rank 1 in a fence epoch, but both ranks call MPI_Win_free without the
 * closing fence. MPI_Win_free may be called only after a process has completed its
 * involvement in RMA communication on the window (MPI 3.1 §11.2.5); the Put is still
 * pending in an open epoch.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 3;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_free(&win); /* BUG: no closing MPI_Win_fence */
    MPI_Finalize();
    return 0;
}
