/* RUN: -n 2
 * EXPECT: verified
 * The twin of pscw_start_nocheck_unordered.c: rank 1 posts before a barrier and rank 0
 * starts after it, so the post has completed when MPI_Win_start(MPI_MODE_NOCHECK) is
 * called, as the assertion promises (MPI 3.1 §11.5.5).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 9;
    MPI_Win win;
    MPI_Group world, peer;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    if (rank == 1)
        MPI_Win_post(peer, 0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_start(peer, MPI_MODE_NOCHECK, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_wait(win);
        assert(cell == 9);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
