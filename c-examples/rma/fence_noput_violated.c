/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 1 opens the epoch with MPI_MODE_NOPUT, promising that no Put or accumulate
 * will update its window until the next fence (MPI 3.1 §11.5.5); rank 0 Puts into it
 * anyway. An implementation may rely on the promise (skip exposing the window), so
 * the Put's effect is undefined.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 8, got = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(rank == 1 ? MPI_MODE_NOPRECEDE | MPI_MODE_NOPUT : MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  /* fine: a Get does not update */
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* BUG: rank 1 said NOPUT */
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
