/* RUN: -n 2
 * EXPECT: error resource-leak
 * A correct lock/Put/unlock exchange, checked after a barrier, but the window is never
 * freed: MPI_Finalize is reached with the window object still allocated. Every window
 * should be released with the collective MPI_Win_free (MPI 3.1 §11.2.5) before
 * finalizing (§8.7).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 12;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        assert(cell == 12);
    MPI_Finalize(); /* BUG: no MPI_Win_free(&win) */
    return 0;
}
