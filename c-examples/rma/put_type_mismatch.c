/* RUN: -n 2
 * EXPECT: error type-mismatch
 * The origin side (one double) and the target side (two ints) of a Put have
 * different type signatures, although the byte counts agree (MPI 3.1 §11.3).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0};
    double value = 1.5;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_DOUBLE, 1, 0, 2, MPI_INT, win); /* BUG */
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
