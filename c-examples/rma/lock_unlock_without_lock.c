/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 calls MPI_Win_unlock for rank 1 without a matching MPI_Win_lock. Unlock ends a
 * passive-target access epoch started by MPI_Win_lock on the same target (MPI 3.1
 * §11.5.3); there is no such epoch.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0)
        MPI_Win_unlock(1, win); /* BUG: rank 1 was never locked */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
