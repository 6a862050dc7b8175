/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 opens a lock_all epoch, Puts 42 to rank 1 and calls MPI_Win_flush(1), which
 * completes the Put at the target (MPI 3.1 §11.5.4). Only then does it send a message
 * to rank 1, which receives it and loads its own window: the flush, the send and the
 * receive order the Put before the load.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42, note = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush(1, win);
        MPI_Send(&note, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
    } else {
        MPI_Recv(&note, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(cell == 42);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
