/* RUN: -n 2
 * EXPECT: error epoch-error
 * A second MPI_Win_start before MPI_Win_complete: access epochs on one
 * window do not overlap (MPI 3.1 §11.5).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0;
    MPI_Win win;
    MPI_Group world, peer;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_post(peer, 0, win);
    MPI_Win_start(peer, 0, win);
    if (rank == 0)
        MPI_Win_start(peer, 0, win); /* BUG */
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    MPI_Win_free(&win);
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
