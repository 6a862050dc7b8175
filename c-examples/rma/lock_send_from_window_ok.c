/* RUN: -n 3
 * EXPECT: verified
 * Rank 1 sends the contents of its window to rank 2 with MPI_Send while rank 0 reads
 * the same cells with MPI_Get under a shared lock. Both only read the window, so they
 * do not conflict (MPI 3.1 §11.7: a conflict needs an update), and the values are the
 * ones rank 1 stored before the barrier.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, got[2] = {0, 0};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        cells[0] = 5;
        cells[1] = 6;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(got, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
        MPI_Win_unlock(1, win);
        assert(got[0] == 5 && got[1] == 6);
    } else if (rank == 1) {
        MPI_Send(cells, 2, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(got, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(got[0] == 5 && got[1] == 6);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
