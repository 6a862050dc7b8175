/* RUN: -n 2
 * EXPECT: error rma-race
 * In one lock epoch rank 0 Puts 42 into rank 1's cell and then Gets the same cell, with
 * no flush between them. RMA operations from one origin are not ordered (only
 * accumulates to the same location are, MPI 3.1 §11.7.2), so the Get may read the
 * location while the Put is updating it: conflicting accesses (§11.7).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 42, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* BUG: no flush before */
        MPI_Win_unlock(1, win);
        printf("got = %d\n", got);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
