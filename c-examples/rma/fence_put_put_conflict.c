/* RUN: -n 3
 * EXPECT: error rma-race
 * Ranks 1 and 2 both Put their rank into rank 0's single window cell in the same fence
 * epoch. Two Puts to one location in one epoch are conflicting accesses: the standard
 * does not order them and the result is undefined (MPI 3.1 §11.7, §11.7.1 only gives
 * atomicity to accumulate operations).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 1 || rank == 2)
        MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win); /* BUG: both target cell 0 */
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0)
        printf("cell = %d\n", cell);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
