/* RUN: -n 2
 * EXPECT: error rma-race
 * Rank 0 sets a flag in rank 1's window with lock/Put/unlock while rank 1 spins on the
 * flag with plain loads of its own window. Nothing orders those loads with the Put, so
 * a load may overlap the update: a conflicting access (MPI 3.1 §11.7); the standard
 * also does not promise that a plain load ever observes the update (§11.7.3, §11.7.4).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, flag = 0, one = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&flag, sizeof flag, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    } else {
        while (flag == 0) /* BUG: plain load racing with the Put */
            ;
        printf("flag seen\n");
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
