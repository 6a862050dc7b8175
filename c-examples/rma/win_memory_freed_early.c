/* RUN: -n 2
 * EXPECT: error memory-error
 * Rank 1 exposes a malloc'd buffer in a window and frees it while the window still
 * exists; rank 0 then Puts into it under a lock. Window memory must stay allocated
 * until MPI_Win_free (MPI 3.1 §11.2.5: other processes may access it in passive
 * target mode at any time): the free is reported where it happens.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, value = 3;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *buf = calloc(4, sizeof(int));
    MPI_Win_create(buf, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        free(buf); /* BUG: before MPI_Win_free */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    if (rank == 0)
        free(buf);
    MPI_Finalize();
    return 0;
}
