/* RUN: -n 3
 * EXPECT: verified
 * The same accesses as pscw_put_get_race.c in two consecutive exposure
 * epochs: rank 2 first exposes its cell to rank 0, which puts 7, then to
 * rank 1, which gets it. MPI_Win_complete -> MPI_Win_wait -> MPI_Win_post ->
 * MPI_Win_start orders the Put before the Get, which must return 7.
 */
#include <assert.h>
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
    MPI_Group first, second;
    MPI_Group_incl(world, 1, &o[0], &first);
    MPI_Group_incl(world, 1, &o[1], &second);
    if (rank == 2) {
        MPI_Win_post(first, 0, win);
        MPI_Win_wait(win);
        MPI_Win_post(second, 0, win);
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(target, 0, win);
        if (rank == 0)
            MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        else
            MPI_Get(&got, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        if (rank == 1)
            assert(got == 7);
    }
    MPI_Group_free(&first);
    MPI_Group_free(&second);
    MPI_Win_free(&win);
    MPI_Group_free(&origins);
    MPI_Group_free(&target);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
