/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_Win_shared_query hands out a pointer into another process's segment of a
 * window made by MPI_Win_allocate_shared. Rank 0 asks it of a window made by
 * MPI_Win_allocate, whose memory no other process can load from
 * (MPI 3.1 §11.2.3: MPI_ERR_RMA_FLAVOR).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, disp;
    int *mine, *theirs;
    MPI_Aint bytes;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    if (rank == 0)
        MPI_Win_shared_query(win, 1, &bytes, &disp, &theirs); /* BUG: not a shared window */
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
