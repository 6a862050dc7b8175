/* RUN: -n 4
 * EXPECT: verified
 * Every rank, rank 0 included, adds rank+1 to rank 0's window cell with MPI_Accumulate
 * (MPI_SUM) in one fence epoch. Concurrent accumulates with the same operation and
 * basic datatype on one location are allowed and atomic per element (MPI 3.1 §11.7.1),
 * so after the closing fence the cell holds 1+2+...+size in every interleaving.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, total = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int contribution = rank + 1;
    MPI_Win_create(&total, sizeof total, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Accumulate(&contribution, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0)
        assert(total == size * (size + 1) / 2);
    else
        assert(total == 0);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
