/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 calls MPI_Win_sync outside any passive-target epoch, between two fences. MPI
 * 3.1 §11.5.4 describes MPI_Win_sync as synchronizing the window's copies ("the effect
 * of ending and reopening an access and exposure epoch") without asking for an open
 * epoch, but MPICH raises MPI_ERR_RMA_SYNC there. The check verifies the program and
 * adds a portability note at the call (the verdict and exit status are unchanged).
 * Not run under MPICH, which aborts at that call.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 3;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 1) {
        MPI_Win_sync(win); /* portability: MPICH wants a passive-target epoch here */
        assert(cell == 3);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
