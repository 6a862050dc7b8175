/* RUN: -n 3
 * EXPECT: error epoch-error
 * Ranks 0 and 1 both update rank 2's counter under an exclusive lock, but rank 0
 * takes its lock with MPI_MODE_NOCHECK, promising that no other process holds or
 * attempts a conflicting lock meanwhile (MPI 3.1 §11.5.5). Nothing orders rank 1's
 * request after rank 0's unlock, so in some execution they overlap, and an
 * implementation that skipped rank 0's lock lets both update at once.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, counter = 0, one = 1, seen = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank < 2) {
        int assert = rank == 0 ? MPI_MODE_NOCHECK : 0; /* BUG: rank 1 also locks */
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 2, assert, win);
        MPI_Get(&seen, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_flush(2, win);
        seen += one;
        MPI_Put(&seen, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_unlock(2, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2)
        printf("counter = %d\n", counter);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
