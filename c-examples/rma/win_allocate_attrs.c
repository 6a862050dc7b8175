/* RUN: -n 3
 * EXPECT: verified
 * MPI_Win_allocate gives each rank a window of 4 ints with disp_unit sizeof(int). The
 * predefined attributes MPI_WIN_BASE, MPI_WIN_SIZE and MPI_WIN_DISP_UNIT (MPI 3.1 §11.2.6)
 * must report that base pointer, 4*sizeof(int) bytes and sizeof(int). The window is then
 * used: each rank Puts its rank into element 2 of its right neighbour under fence.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, flag, *base;
    void *attr_base;
    MPI_Aint *attr_size;
    int *attr_disp;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_get_attr(win, MPI_WIN_BASE, &attr_base, &flag);
    assert(flag && attr_base == (void *)base);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &attr_size, &flag);
    assert(flag && *attr_size == (MPI_Aint)(4 * sizeof(int)));
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &attr_disp, &flag);
    assert(flag && *attr_disp == (int)sizeof(int));
    for (int i = 0; i < 4; i++)
        base[i] = -1;
    MPI_Win_fence(0, win);
    MPI_Put(&rank, 1, MPI_INT, (rank + 1) % size, 2, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    assert(base[2] == (rank + size - 1) % size);
    assert(base[0] == -1 && base[1] == -1 && base[3] == -1);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
