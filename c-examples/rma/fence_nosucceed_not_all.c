/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 closes the fence epoch asserting MPI_MODE_NOSUCCEED (no RMA call follows),
 * rank 1 closes it without. MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED are promises
 * about the whole group: "the assert argument must be given by all processes in the
 * group or by none" (MPI 3.1 §11.5.5), so the implementation may skip work on some
 * processes only.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(rank == 0 ? MPI_MODE_NOSUCCEED : 0, win); /* BUG: not all members */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
