/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 detaches its buffer from the dynamic window before rank 1's Put to
 * its address: the target memory is no longer in the window (MPI 3.1
 * §11.2.4), so the Put reaches nothing rank 0 exposes.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, slot = 0, value = 5;
    MPI_Aint where = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_attach(win, &slot, sizeof slot);
        MPI_Get_address(&slot, &where);
    }
    MPI_Bcast(&where, 1, MPI_AINT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Win_detach(win, &slot); /* BUG: rank 1 still targets it */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    if (rank == 1)
        MPI_Put(&value, 1, MPI_INT, 0, where, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
