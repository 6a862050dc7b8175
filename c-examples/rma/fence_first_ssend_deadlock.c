/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 0 enters the window's first fence and then receives from rank 1; rank 1 first
 * synchronously sends to rank 0 and only then enters the fence. A fence that ends no
 * epoch need not synchronize, and with such an implementation the program runs; but it
 * may also act as a barrier (MPI 3.1 §11.5.1: "usually entails a barrier
 * synchronization"), and then rank 0 waits in the fence for rank 1, which waits in
 * MPI_Ssend for a receive rank 0 posts only after the fence.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, msg = 4;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
        MPI_Recv(&msg, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Ssend(&msg, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /* BUG: before the fence */
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
