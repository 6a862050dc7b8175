/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 attaches one buffer to a dynamic window in two pieces, the second starting
 * where the first ends, and rank 1 puts four ints that straddle the seam. MPI 3.1
 * §11.2.4 asks that the memory an access reaches be attached, not that one
 * MPI_Win_attach cover it: the two regions together cover every byte.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, vals[4] = {1, 2, 3, 4};
    MPI_Aint where = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *block = calloc(8, sizeof(int));
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_attach(win, block, 4 * sizeof(int));
        MPI_Win_attach(win, block + 4, 4 * sizeof(int));
        MPI_Get_address(block, &where);
    }
    MPI_Bcast(&where, 1, MPI_AINT, 0, MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    if (rank == 1) /* ints 2..5: two in each region */
        MPI_Put(vals, 4, MPI_INT, 0, where + 2 * (MPI_Aint)sizeof(int), 4, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        assert(block[2] == 1 && block[3] == 2 && block[4] == 3 && block[5] == 4);
        MPI_Win_detach(win, block);
        MPI_Win_detach(win, block + 4);
    }
    MPI_Win_free(&win);
    free(block);
    MPI_Finalize();
    return 0;
}
