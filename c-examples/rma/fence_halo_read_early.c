/* RUN: -n 3
 * EXPECT: error rma-race
 * Near miss of fence_halo_ring.c: each rank copies its left halo cell before the closing
 * fence. The left neighbour's Put into that cell may still be in progress until the
 * fence completes it, so the local load conflicts with a concurrent remote update
 * (MPI 3.1 §11.7, rule 1: no load of a location once an update to it has started).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size, cells[4];
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    cells[0] = cells[3] = -1;
    cells[1] = 10 * rank + 1;
    cells[2] = 10 * rank + 2;
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&cells[1], 1, MPI_INT, left, 3, 1, MPI_INT, win);
    MPI_Put(&cells[2], 1, MPI_INT, right, 0, 1, MPI_INT, win);
    int early = cells[0]; /* BUG: the left neighbour's Put is not complete yet */
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    printf("rank %d: halo read early = %d, after fence = %d\n", rank, early, cells[0]);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
