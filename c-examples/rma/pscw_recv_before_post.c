/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 1 receives before posting its exposure epoch, and rank 0 sends only
 * after its access epoch to rank 1. MPI_Win_start may block until the
 * matching MPI_Win_post (MPI 3.1 §11.5.2), so rank 0 waits in MPI_Win_start
 * for rank 1, which waits in MPI_Recv for rank 0.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1, note = 0;
    MPI_Win win;
    MPI_Group world, peer;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_start(peer, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Send(&note, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&note, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_post(peer, 0, win);
        MPI_Win_wait(win);
    }
    MPI_Win_free(&win);
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
