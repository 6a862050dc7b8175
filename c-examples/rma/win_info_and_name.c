/* RUN: -n 2
 * EXPECT: verified
 * Each rank creates a window with the hint "no_locks" (it will only use fences),
 * names it, and reads both back: MPI_Win_get_name returns the name this process set
 * (names are local, MPI 3.1 §6.8), MPI_Win_get_info a new info object with the hints
 * in use, which the program frees (§11.2.7). MPI_Win_set_info is collective over the
 * window's group and updates the hints.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, cell = 0, len, flag;
    char name[MPI_MAX_OBJECT_NAME], value[16];
    MPI_Info hints, used;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "no_locks", "true");
    MPI_Win_create(&cell, sizeof cell, sizeof(int), hints, MPI_COMM_WORLD, &win);
    MPI_Win_set_name(win, rank == 0 ? "halo-west" : "halo-east");
    MPI_Win_get_name(win, name, &len);
    assert(strcmp(name, rank == 0 ? "halo-west" : "halo-east") == 0 && len == 9);
    MPI_Win_get_info(win, &used);
    MPI_Info_get(used, "no_locks", sizeof value - 1, value, &flag);
    assert(flag && strcmp(value, "true") == 0);
    MPI_Info_free(&used);
    MPI_Info_set(hints, "no_locks", "false");
    MPI_Win_set_info(win, hints);
    MPI_Win_get_info(win, &used);
    MPI_Info_get(used, "no_locks", sizeof value - 1, value, &flag);
    assert(flag && strcmp(value, "false") == 0);
    MPI_Info_free(&used);
    MPI_Info_free(&hints);
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
