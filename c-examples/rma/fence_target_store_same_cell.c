/* RUN: -n 2
 * EXPECT: error rma-race
 * In one fence epoch rank 0 Puts 7 into cells[0] of rank 1 while rank 1 stores 5 into
 * that same cell of its own window. A local store must not overlap a Put to the same
 * location before the fence completes the Put (MPI 3.1 §11.7, rules 1 and 3), so the
 * final value is undefined.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 7;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    else
        cells[0] = 5; /* BUG: same location as rank 0's Put */
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 1)
        printf("cells[0] = %d\n", cells[0]);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
