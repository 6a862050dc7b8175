/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 0 Puts from its local variable `value` and overwrites `value` before the closing
 * fence. An RMA call is nonblocking: the origin buffer of a Put must not be updated
 * until the operation completes at the origin, here at the closing fence (MPI 3.1
 * §11.3, §11.5). The value rank 1 receives is undefined.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        value = 2; /* BUG: the Put may still be reading `value` */
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 1)
        printf("cell = %d\n", cell);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
