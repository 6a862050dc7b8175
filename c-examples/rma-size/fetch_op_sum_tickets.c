/* RUN: -n 3
 * EXPECT: verified
 * Like fetch_op_sum_loop.c, but every rank keeps the values its MPI_Fetch_and_op
 * calls return and checks they increase: here the fetched values are read, so the
 * order of the updates is observable (each order gives other tickets) and every
 * order is explored. Atomicity (MPI 3.1 §11.7.1) makes each rank's tickets strictly
 * increasing and all of them distinct, so the final total is size * ITERS.
 */
#include <assert.h>
#include <mpi.h>

#ifndef ITERS
#define ITERS 2
#endif

int main(int argc, char **argv) {
    int rank, size, counter = 0, one = 1, old, last = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    for (int i = 0; i < ITERS; i++) {
        MPI_Fetch_and_op(&one, &old, MPI_INT, 0, 0, MPI_SUM, win);
        MPI_Win_flush(0, win);
        assert(old > last && old < size * ITERS);
        last = old;
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(counter == size * ITERS);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
