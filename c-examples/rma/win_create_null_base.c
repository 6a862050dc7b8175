/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Every rank calls MPI_Win_create with a NULL base address but a size of 4 ints. The
 * window must be a region of the caller's memory starting at base and `size` bytes long
 * (MPI 3.1 §11.2.1); a NULL base denotes no memory, so only a size of 0 goes with it.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(NULL, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &win); /* BUG: no memory behind a 16-byte window */
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
