/* RUN: -n 2 --all-errors
 * EXPECT: error epoch-error
 * EXPECT: error local-race
 * Rank 0 issues MPI_Rget inside a fence epoch (valid only in a passive-target epoch,
 * MPI 3.1 §11.3.5) and then reads the result buffer before waiting on the request
 * (§11.3.5: the buffer must not be accessed until the request completes). After the
 * epoch error the execution goes on as an implementation that does not check would
 * run it, so --all-errors reports the early read too.
 */
#include <mpi.h>
#include <stdio.h>

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
        printf("early %d\n", got);                              /* BUG: before the wait */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
