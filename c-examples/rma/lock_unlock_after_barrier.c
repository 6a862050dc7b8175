/* RUN: -n 2
 * EXPECT: error rma-race
 * Near miss of lock_put_unlock_barrier.c with the unlock moved after the barrier. A Put
 * in a passive-target epoch need not complete at the target before the unlock (MPI 3.1
 * §11.5.3), so rank 1's load after the barrier may overlap the Put still in flight:
 * a conflicting access (§11.7).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int seen = -1;
    if (rank == 1)
        seen = cell; /* BUG: the Put completes only at rank 0's unlock below */
    if (rank == 0)
        MPI_Win_unlock(1, win);
    MPI_Win_free(&win);
    if (rank == 1)
        printf("seen = %d\n", seen);
    MPI_Finalize();
    return 0;
}
