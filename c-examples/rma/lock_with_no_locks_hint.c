/* RUN: -n 2
 * EXPECT: error epoch-error
 * The window is created with the info hint no_locks=true, with which the program
 * promises never to use passive target synchronization on it (MPI 3.1 §11.2.1: the
 * implementation may then skip the lock machinery); rank 0 locks it anyway.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1;
    MPI_Info info;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&info);
    MPI_Info_set(info, "no_locks", "true");
    MPI_Win_create(&cell, sizeof cell, sizeof(int), info, MPI_COMM_WORLD, &win);
    MPI_Info_free(&info);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win); /* BUG: no_locks was promised */
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
