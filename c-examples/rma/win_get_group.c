/* RUN: -n 3
 * EXPECT: verified
 * MPI_Win_get_group (MPI 3.1 §11.2.6) returns a new group of the window's
 * members, here used to open a PSCW exposure epoch to everybody else; the
 * group is freed like any other.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, gsize, cell = 0;
    MPI_Win win;
    MPI_Group all, others;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_get_group(win, &all);
    MPI_Group_size(all, &gsize);
    assert(gsize == size);
    MPI_Group_excl(all, 1, &rank, &others);
    if (rank == 0) {
        MPI_Win_post(others, 0, win);
        MPI_Win_wait(win);
        assert(cell == size - 1);
    } else {
        int zero = 0, one = 1;
        MPI_Group root;
        MPI_Group_incl(all, 1, &zero, &root);
        MPI_Win_start(root, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_complete(win);
        MPI_Group_free(&root);
    }
    MPI_Group_free(&others);
    MPI_Group_free(&all);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
