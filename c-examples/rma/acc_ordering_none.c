/* RUN: -n 2
 * EXPECT: error assertion
 * Rank 0 replaces rank 1's cell twice with MPI_Accumulate(MPI_REPLACE), first with 1
 * and then with 2, and expects the second to win. By default accumulates from one
 * origin to one location take effect in program order (MPI 3.1 §11.7.2), but the
 * window was created with the info hint accumulate_ordering=none, which lets the
 * implementation reorder them: the cell may end up 1.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, one = 1, two = 2;
    MPI_Info info;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&info);
    MPI_Info_set(info, "accumulate_ordering", "none");
    MPI_Win_create(&cell, sizeof cell, sizeof(int), info, MPI_COMM_WORLD, &win);
    MPI_Info_free(&info);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Accumulate(&two, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 1)
        assert(cell == 2); /* BUG: the ordering was given up */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
