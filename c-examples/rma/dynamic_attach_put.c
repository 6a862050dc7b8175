/* RUN: -n 3
 * EXPECT: verified
 * A dynamic window (MPI 3.1 §11.2.4): rank 0 attaches a buffer to it and
 * broadcasts the buffer's address (MPI_Get_address); the other ranks put
 * their rank into their own slot at that absolute displacement between two
 * fences. After the closing fence rank 0 sees every value, then detaches.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, slots[8] = {0};
    MPI_Aint where = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_attach(win, slots, sizeof slots);
        MPI_Get_address(slots, &where);
    }
    MPI_Bcast(&where, 1, MPI_AINT, 0, MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    if (rank > 0)
        MPI_Put(&rank, 1, MPI_INT, 0, where + rank * (MPI_Aint)sizeof(int), 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        for (int r = 1; r < size; r++)
            assert(slots[r] == r);
        MPI_Win_detach(win, slots);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
