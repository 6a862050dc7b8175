/* RUN: -n 2
 * EXPECT: verified
 * MPI_Win_flush_local_all completes the caller's Puts at the origin: the
 * source buffer may be reused right after it (MPI 3.1 §11.5.4), while the
 * target learns the values only after MPI_Win_unlock_all and a barrier.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush_local_all(win);
        value = 2; /* fine: the Put completed at the origin */
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        assert(cells[0] == 1 && cells[1] == 2);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
