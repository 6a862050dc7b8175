/* RUN: -n 3
 * EXPECT: verified
 * Ranks 1 and 2 fill their window cells before the window's first fence; rank 0 Gets
 * both cells right after its own first fence and checks them after the closing fence.
 * The first fence need not synchronize (MPI 3.1 §11.5.1), so rank 0 may issue the Gets
 * before the others finished storing, yet each Get reads its target only after the
 * target entered the fence: rank 0 always sees the stored values.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, got[2] = {0, 0};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    cell = 10 * rank;
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Get(&got[0], 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Get(&got[1], 1, MPI_INT, 2, 0, 1, MPI_INT, win);
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0)
        assert(got[0] == 10 && got[1] == 20);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
