/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * After a fence epoch, rank 0 calls MPI_Win_fence once more while rank 1 goes straight
 * to MPI_Win_free. Both are collective over the window's group (MPI 3.1 §11.5.1,
 * §11.2.5) and every process must issue the same sequence of collective calls on it, so
 * rank 0's fence is matched against rank 1's free.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&rank, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Win_fence(MPI_MODE_NOSUCCEED, win); /* BUG: rank 1 does not call this fence */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
