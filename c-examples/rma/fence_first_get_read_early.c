/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 0 Gets rank 1's cell right after the window's first fence and reads the
 * destination before the closing fence. Since that first fence need not synchronize,
 * the Get may not even have reached rank 1 yet; in any case its buffer belongs to MPI
 * until a fence completes the call (MPI 3.1 §11.3).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    cell = 3 + rank;
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        printf("got %d\n", got); /* BUG: before the closing fence */
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
