/* RUN: -n 2
 * EXPECT: error rma-race
 * Near miss of lock_put_unlock_barrier.c without the barrier: rank 0 locks, Puts and
 * unlocks while rank 1 loads its window cell with nothing ordering the load after the
 * unlock. The load and the Put are concurrent conflicting accesses to one location
 * (MPI 3.1 §11.7).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42, seen = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    } else {
        seen = cell; /* BUG: not ordered with rank 0's Put */
    }
    MPI_Win_free(&win);
    if (rank == 1)
        printf("seen = %d\n", seen);
    MPI_Finalize();
    return 0;
}
