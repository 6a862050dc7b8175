/* RUN: -n 4
 * EXPECT: verified
 * Every rank adds 1 to a counter on rank 0 ITERS times with MPI_Fetch_and_op(MPI_SUM)
 * under MPI_Win_lock_all, flushing after each (MPI 3.1 §11.3.4, §11.5.4). The fetched
 * value is never read: the program only needs the atomic update (§11.7.1), and after
 * unlock_all and a barrier rank 0 checks the total. Accumulates with the same
 * predefined commutative operation on one location give the same memory in every
 * order, and no fetched value is read, so one order covers them all.
 */
#include <assert.h>
#include <mpi.h>

#ifndef ITERS
#define ITERS 100
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
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(counter == size * ITERS);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
