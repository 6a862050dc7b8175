/* RUN: -n 2
 * EXPECT: error epoch-error
 * MPI_MODE_NOPRECEDE promises that the fence completes no RMA call of the
 * caller (MPI 3.1 §11.5.5), but rank 0 issued a Put since its last fence.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win); /* BUG: the Put precedes it */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
