/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The window exposes the first 4 ints of an 8-int array, but rank 0 Puts at target
 * displacement 4, one element past the end of rank 1's window. The target buffer of an
 * RMA operation must lie inside the target window (MPI 3.1 §11.3.1: target_disp and
 * the target datatype must select locations within the window).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mem[8] = {0}, value = 4;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(mem, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 4, 1, MPI_INT, win); /* BUG: window holds disp 0..3 */
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
