/* RUN: -n 2
 * EXPECT: error epoch-error
 * Between two fences rank 1 stores into its own window, and then closes the epoch
 * asserting MPI_MODE_NOSTORE: "the local window was not updated by stores since the
 * last synchronization" (MPI 3.1 §11.5.5). The implementation may skip making the
 * store visible to the others, so the assertion is false.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 1)
        cell = 21;
    MPI_Win_fence(MPI_MODE_NOSTORE, win); /* BUG: rank 1 stored since the last fence */
    if (rank == 0)
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0)
        printf("got %d\n", got);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
