/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 replaces rank 1's cell twice with MPI_Accumulate(MPI_REPLACE), first with 1
 * and then with 2. Accumulates from one origin to one location take effect in program
 * order by default (MPI 3.1 §11.7.2: accumulate_ordering "rar,raw,war,waw"), so the
 * cell ends up 2 in every execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, one = 1, two = 2;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Accumulate(&two, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 1)
        assert(cell == 2);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
