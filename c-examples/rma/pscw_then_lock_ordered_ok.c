/* RUN: -n 3
 * EXPECT: verified
 * Rank 1 exposes its window to rank 0 (post/start/complete/wait), and only after a
 * barrier that follows rank 1's MPI_Win_wait does rank 2 lock the window and read the
 * value rank 0 put. The exposure and the lock epoch never overlap (MPI 3.1 §11.5.3).
 */
#include <assert.h>
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
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        assert(got == 5);
    }
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
