/* RUN: -n 2
 * EXPECT: error epoch-error
 * A correct fence epoch (Put to the peer) is closed with MPI_MODE_NOSUCCEED, which
 * promises that no RMA call follows the fence (MPI 3.1 §11.5.5). Rank 0 then issues a
 * second Put anyway: that Put lies outside any access epoch.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    value = rank + 1;
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&value, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* BUG: epoch already closed */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
