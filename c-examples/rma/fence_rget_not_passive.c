/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 issues MPI_Rget inside a fence epoch. Request-based RMA calls are valid only
 * in a passive-target epoch, opened by MPI_Win_lock or MPI_Win_lock_all
 * (MPI 3.1 §11.3.5).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 3, got = 0;
    MPI_Win win;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Rget(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &req); /* BUG: fence epoch */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
