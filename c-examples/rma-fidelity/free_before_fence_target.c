/* RUN: -n 2
 * EXPECT: error memory-error
 * Rank 1 frees the buffer it exposed in the window before its first fence; rank 0's
 * accumulate of the fence epoch then waits forever for rank 1 to enter the fence.
 * The first error is the free (window memory must stay allocated until
 * MPI_Win_free, MPI 3.1 §11.2.5), and the report names it, not the wait it causes.
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
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    if (rank == 0)
        free(buf);
    MPI_Finalize();
    return 0;
}
