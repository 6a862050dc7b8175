/* RUN: -n 3
 * EXPECT: error epoch-error
 * Rank 0's access epoch names rank 1 only (MPI_Win_start with group {1}),
 * but it also puts to rank 2: an RMA call to a target outside the access
 * epoch (MPI 3.1 §11.5.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1;
    MPI_Win win;
    MPI_Group world, origin, one;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int zero = 0, r1 = 1;
    MPI_Group_incl(world, 1, &zero, &origin);
    MPI_Group_incl(world, 1, &r1, &one);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_start(one, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win); /* BUG: 2 is not in the group */
        MPI_Win_complete(win);
    } else if (rank == 1) {
        MPI_Win_post(origin, 0, win);
        MPI_Win_wait(win);
    }
    MPI_Win_free(&win);
    MPI_Group_free(&origin);
    MPI_Group_free(&one);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
