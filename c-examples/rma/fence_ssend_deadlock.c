/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 1 Puts to rank 0 in a fence epoch. Rank 0 then closes the epoch with a fence and
 * waits in MPI_Recv for rank 1, while rank 1 first does MPI_Ssend to rank 0 and only
 * then calls the fence. A fence that ends an epoch may act as a barrier (MPI 3.1
 * §11.5.1), and then rank 0 waits in the fence for rank 1, which waits in MPI_Ssend for
 * the receive that rank 0 posts only after its fence: deadlock.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 9, msg = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
        MPI_Recv(&msg, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Ssend(&msg, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /* BUG: before the fence */
        MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
