/* RUN: -n 3
 * EXPECT: verified
 * General active target synchronization on a ring (MPI 3.1 §11.5.2): each
 * rank exposes its window to its left neighbour with MPI_Win_post, opens an
 * access epoch to its right neighbour with MPI_Win_start, puts its rank
 * there, closes with MPI_Win_complete and waits for its own exposure epoch
 * with MPI_Win_wait. After the wait the value from the left has arrived.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, cell = -1;
    MPI_Win win;
    MPI_Group world, left_g, right_g;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &left, &left_g);
    MPI_Group_incl(world, 1, &right, &right_g);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_post(left_g, 0, win);
    MPI_Win_start(right_g, 0, win);
    MPI_Put(&rank, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    assert(cell == left);
    MPI_Win_free(&win);
    MPI_Group_free(&left_g);
    MPI_Group_free(&right_g);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
