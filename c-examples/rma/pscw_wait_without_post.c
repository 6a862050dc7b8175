/* RUN: -n 2
 * EXPECT: error epoch-error
 * MPI_Win_wait closes an exposure epoch that MPI_Win_post never opened
 * (MPI 3.1 §11.5.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        MPI_Win_wait(win); /* BUG: no MPI_Win_post */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
