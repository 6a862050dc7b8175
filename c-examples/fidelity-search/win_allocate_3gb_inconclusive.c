/* RUN: -n 2
 * EXPECT: inconclusive
 * MPI_Win_allocate of 3 GiB per process (MPI 3.1 §11.2.2): the window memory comes
 * from the same heap as malloc's in the model, with the same limit of 2 GiB in one
 * block. The check ends inconclusive at the call, not with a memory-error.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    char *base;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_allocate((MPI_Aint)3 << 30, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_fence(0, win);
    base[0] = (char)rank;
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
