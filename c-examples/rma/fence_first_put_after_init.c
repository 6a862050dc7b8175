/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 initializes its window cell and only then enters the window's first fence;
 * rank 0 Puts into that cell after its own first fence. The first fence ends no epoch
 * and need not synchronize, so rank 0 may issue the Put while rank 1 is still storing.
 * It does not matter: an operation of a fence epoch reaches its target only after the
 * target called the fence that opened the epoch (MPI 3.1 §11.5.1), so the
 * initialization comes first and the closing fence makes the Put's value visible.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 7;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        cell = 1; /* before the fence: ordered before every operation of the epoch */
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 1)
        assert(cell == 7);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
