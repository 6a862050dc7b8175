/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 0 Gets rank 1's window value into `got` and reads `got` before the closing
 * fence. The result buffer of a Get is written by MPI until the operation completes at
 * the closing fence (MPI 3.1 §11.3.2, §11.5.1); reading it earlier races with that write.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    cell = 50 + rank;
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    int early = -1;
    if (rank == 0) {
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        early = got; /* BUG: the Get is not complete yet */
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0)
        printf("early = %d, after fence = %d\n", early, got);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
