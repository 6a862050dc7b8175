/* RUN: -n 3
 * EXPECT: error deadlock
 * Rank 0 posts an exposure epoch to {1, 2}, but only rank 1 ever starts an
 * access epoch to it: MPI_Win_wait waits for rank 2's MPI_Win_start and
 * MPI_Win_complete forever (MPI 3.1 §11.5.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1;
    MPI_Win win;
    MPI_Group world, origins, target;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int o[2] = {1, 2}, t = 0;
    MPI_Group_incl(world, 2, o, &origins);
    MPI_Group_incl(world, 1, &t, &target);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_post(origins, 0, win);
        MPI_Win_wait(win);
    } else if (rank == 1) {
        MPI_Win_start(target, 0, win);
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }
    MPI_Win_free(&win);
    MPI_Group_free(&origins);
    MPI_Group_free(&target);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
