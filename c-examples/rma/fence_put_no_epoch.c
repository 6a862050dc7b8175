/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 forgets the opening fence: its MPI_Put is issued right after MPI_Win_create,
 * outside any access epoch. RMA communication calls must occur inside an epoch opened
 * by a synchronization call (MPI 3.1 §11.5: fence, start, lock or lock_all).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 7;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* BUG: no epoch */
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
