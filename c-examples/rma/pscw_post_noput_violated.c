/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 1 exposes its window with MPI_Win_post(..., MPI_MODE_NOPUT, ...), promising
 * that the origins only read it in this epoch (MPI 3.1 §11.5.5), but rank 0 adds to
 * it with MPI_Accumulate. An implementation may rely on the promise, so the update's
 * effect is undefined.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 1, two = 2;
    MPI_Win win;
    MPI_Group world, peer;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_post(peer, MPI_MODE_NOPUT, win);
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(peer, 0, win);
        MPI_Accumulate(&two, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win); /* BUG: NOPUT */
        MPI_Win_complete(win);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
