/* RUN: -n 2
 * EXPECT: verified
 * The aligned twin of acc_misaligned_origins.c: rank 0 adds two ints at byte 0 and
 * rank 1 at byte 4 of rank 0's window (disp_unit 1), so the int at bytes 4..8 is
 * updated by both with the same predefined type at the same element boundaries:
 * element-wise atomic (MPI 3.1 §11.7.1), in either order the sum is 2.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, two[2] = {1, 1}, cells[3] = {0, 0, 0};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    MPI_Accumulate(two, 2, MPI_INT, 0, rank == 0 ? 0 : 4, 2, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(cells[0] == 1 && cells[1] == 2 && cells[2] == 1);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
