/* RUN: -n 3
 * EXPECT: verified
 * The shared counter done right under shared locks: every rank adds one with
 * MPI_Accumulate(MPI_SUM). Concurrent accumulates with the same basic datatype on one
 * location are element-wise atomic (MPI 3.1 §11.7.1), so shared epochs may overlap
 * freely. After all unlocks and a barrier rank 0 reads exactly size.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, counter = 0, one = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(counter == size);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
