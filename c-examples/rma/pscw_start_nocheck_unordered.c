/* RUN: -n 2
 * EXPECT: error epoch-error
 * Rank 0 opens its access epoch with MPI_Win_start(MPI_MODE_NOCHECK), promising that
 * the matching MPI_Win_post "has already completed on all target processes when the
 * call to MPI_WIN_START is made" (MPI 3.1 §11.5.5). Nothing orders rank 1's post before
 * the start: in some execution the start comes first, and an implementation that
 * skips the handshake lets the Put reach a window not exposed yet.
 * pscw_start_nocheck_ok.c orders them with a barrier.
 */
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
    if (rank == 0) {
        MPI_Win_start(peer, MPI_MODE_NOCHECK, win); /* BUG: the post is not known */
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer, 0, win);
        MPI_Win_wait(win);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
