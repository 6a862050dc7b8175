/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 attaches a buffer to a dynamic window, publishes its address and calls
 * MPI_Win_free without detaching it: the memory stays attached until the window is
 * freed, which happens once every member called MPI_Win_free (MPI 3.1 §11.2.4,
 * §11.2.5). Rank 0's Put before its own free reaches it, and since the free lets
 * nobody return before all arrived, rank 1 sees the value after it.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, v = 5;
    MPI_Aint where = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_attach(win, &cell, sizeof cell);
        MPI_Get_address(&cell, &where);
    }
    MPI_Bcast(&where, 1, MPI_AINT, 1, MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&v, 1, MPI_INT, 1, where, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    if (rank == 1)
        assert(cell == 5);
    MPI_Finalize();
    return 0;
}
