/* RUN: -n 2
 * EXPECT: error resource-leak
 * MPI_Win_get_info hands out a new info object holding the window's hints; the caller
 * owns it and must free it with MPI_Info_free (MPI 3.1 §11.2.7). Rank 0 forgets.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, nkeys = 0;
    MPI_Info used;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_get_info(win, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    if (rank != 0)
        MPI_Info_free(&used); /* BUG: rank 0 never frees it */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
