/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Like dynamic_adjacent_regions_ok.c, but rank 0 leaves one int between its two
 * attached regions unattached. Rank 1's Put of four ints reaches it: every byte an
 * access reaches must be attached (MPI_ERR_RMA_RANGE, MPI 3.1 §11.2.4). The report
 * names the four bytes that are not, counted from the target address.
 */
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
        MPI_Win_attach(win, block + 5, 3 * sizeof(int)); /* int 4 is not attached */
        MPI_Get_address(block, &where);
    }
    MPI_Bcast(&where, 1, MPI_AINT, 0, MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    if (rank == 1) /* BUG: ints 2..5 include the unattached int 4 */
        MPI_Put(vals, 4, MPI_INT, 0, where + 2 * (MPI_Aint)sizeof(int), 4, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Win_detach(win, block);
        MPI_Win_detach(win, block + 5);
    }
    MPI_Win_free(&win);
    free(block);
    MPI_Finalize();
    return 0;
}
