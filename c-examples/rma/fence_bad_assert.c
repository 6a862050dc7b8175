/* RUN: -n 2
 * EXPECT: error invalid-argument
 * An assertion bit MPI does not define (MPI_ERR_ASSERT, MPI 3.1 §11.5.5).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(1, win); /* BUG: 1 is no MPI_MODE_* bit */
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
