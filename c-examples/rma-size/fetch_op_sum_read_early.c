/* RUN: -n 3
 * EXPECT: error rma-race
 * The counter loop of fetch_op_sum_loop.c, but rank 0 reads the counter right after
 * its own unlock_all, without the barrier: the other ranks' updates may still be in
 * flight, a load concurrent with an RMA update (MPI 3.1 §11.7). Taking the commuting
 * updates in one order must not hide the race.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#ifndef ITERS
#define ITERS 10
#endif

int main(int argc, char **argv) {
    int rank, size, counter = 0, one = 1, old;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    for (int i = 0; i < ITERS; i++) {
        MPI_Fetch_and_op(&one, &old, MPI_INT, 0, 0, MPI_SUM, win);
        MPI_Win_flush(0, win);
    }
    MPI_Win_unlock_all(win);
    if (rank == 0)
        printf("counter %d\n", counter);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
