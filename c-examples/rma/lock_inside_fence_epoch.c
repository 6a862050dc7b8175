/* RUN: -n 2
 * EXPECT: error epoch-error
 * Both ranks call MPI_Win_fence(0); rank 0 puts to rank 1, which starts the fence's
 * access epoch (a fence starts one when RMA calls and another fence follow it, MPI
 * 3.1 §11.5.1), and then locks rank 1 before any fence closed that epoch. Access
 * epochs on one window must not overlap (§11.5): close the fence epoch first with
 * MPI_Win_fence(MPI_MODE_NOSUCCEED). See lock_fence_switch.c for the fix, and
 * rma-fidelity/fence_lock_between_fences_ok.c for a lock after a fence that issued
 * no RMA call of its epoch (valid).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 6;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win); /* BUG: inside the fence epoch */
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
