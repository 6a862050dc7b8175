/* RUN: -n 3
 * EXPECT: error epoch-error
 * Rank 1 exposes its window to rank 0 with MPI_Win_post / MPI_Win_wait while rank 2,
 * unaware, reads it under MPI_Win_lock. "It is erroneous to have a window locked and
 * exposed (in an exposure epoch) concurrently" (MPI 3.1 §11.5.3): nothing orders
 * rank 2's lock after rank 1's MPI_Win_wait.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 4, value = 5, got = 0;
    MPI_Win win;
    MPI_Group world, one;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        int origin = 0;
        MPI_Group_incl(world, 1, &origin, &one);
        MPI_Win_post(one, 0, win);
        MPI_Win_wait(win);
        MPI_Group_free(&one);
    } else if (rank == 0) {
        int target = 1;
        MPI_Group_incl(world, 1, &target, &one);
        MPI_Win_start(one, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Group_free(&one);
    } else {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win); /* BUG: rank 1 may be exposing */
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
