/* RUN: -n 2
 * EXPECT: error rma-race
 * Both ranks add two ints into rank 0's window (disp_unit 1) in one lock_all epoch:
 * rank 0 at byte 0, rank 1 at byte 2. The same predefined type, but the elements do
 * not line up: bytes 2..8 are covered by rank 0's elements 0..4 and 4..8 and by rank
 * 1's element 2..6. Accumulates are atomic only "to the same location with the same
 * predefined datatype" (MPI 3.1 §11.7.1), element by element, so misaligned concurrent
 * accumulates conflict. acc_aligned_origins_ok.c is the aligned twin.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, two[2] = {1, 1};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *mem = calloc(12, 1);
    MPI_Win_create(mem, 12, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    MPI_Accumulate(two, 2, MPI_INT, 0, rank == 0 ? 0 : 2, 2, MPI_INT, MPI_SUM, win); /* BUG */
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    free(mem);
    MPI_Finalize();
    return 0;
}
