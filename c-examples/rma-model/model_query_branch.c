/* RUN: -n 2
 * EXPECT: verified
 * The program asks MPI_Win_get_attr(MPI_WIN_MODEL) which memory model its window has
 * (MPI 3.1 §11.2.6, §11.4) and, only under MPI_WIN_SEPARATE, locks its own window to
 * reconcile the copies before loading what rank 0 Put there. The attribute says the
 * model checked, so each run is checked on the branch it takes: the unified one here,
 * the separate one in model_query_branch_separate.c; both are correct.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42, flag = 0, *model;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_get_attr(win, MPI_WIN_MODEL, &model, &flag);
    assert(flag);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        if (*model == MPI_WIN_SEPARATE) {
            MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
            MPI_Win_unlock(1, win);
        }
        assert(cell == 42);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
