/* RUN: -n 3
 * EXPECT: error rma-race
 * Two origins in one exposure epoch (Hoefler et al. 2015, Figure 5, right): rank 2 posts
 * to {0, 1}; rank 0 puts to its cell while rank 1 gets the same cell. Both
 * access epochs overlap the one exposure epoch and nothing orders the Put and
 * the Get: a conflict (MPI 3.1 §11.7).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 7, got = -1;
    MPI_Win win;
    MPI_Group world, origins, target;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int o[2] = {0, 1}, t = 2;
    MPI_Group_incl(world, 2, o, &origins);
    MPI_Group_incl(world, 1, &t, &target);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 2) {
        MPI_Win_post(origins, 0, win);
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(target, 0, win);
        if (rank == 0)
            MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        else
            MPI_Get(&got, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }
    MPI_Win_free(&win);
    MPI_Group_free(&origins);
    MPI_Group_free(&target);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
