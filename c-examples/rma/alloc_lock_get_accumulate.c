/* RUN: -n 2
 * EXPECT: verified
 * A window from MPI_Win_allocate with passive target: every rank adds its
 * rank to rank 0's counter with MPI_Get_accumulate(MPI_SUM) under a shared
 * lock and gets the value before its own addition. Concurrent accumulates of
 * one basic type are atomic (MPI 3.1 §11.7.1): whatever the order, each rank
 * sees a partial sum of the others' ranks, and the total is exact.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, *base, before = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    *base = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Get_accumulate(&rank, 1, MPI_INT, &before, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    assert(before >= 0 && before <= size * (size - 1) / 2 - rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(*base == size * (size - 1) / 2);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
