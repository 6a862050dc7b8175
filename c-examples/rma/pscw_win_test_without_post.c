/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 1 polls MPI_Win_test on a window on which it never opened an exposure epoch:
 * MPI_Win_test, like MPI_Win_wait, completes the epoch MPI_Win_post opened
 * (MPI 3.1 §11.5.2), so without a post it is erroneous.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, flag = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        MPI_Win_test(win, &flag); /* BUG: no MPI_Win_post before */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
