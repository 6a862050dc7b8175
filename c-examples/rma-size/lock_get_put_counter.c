/* RUN: -n 3
 * EXPECT: verified
 * Lock contention: every rank takes an exclusive lock on rank 0 ITERS times and
 * increments a counter there with MPI_Get, MPI_Win_flush, then MPI_Put of the value
 * plus one inside the epoch. The exclusive lock makes each read-modify-write a
 * critical section (MPI 3.1 §11.5.3), so after a barrier rank 0 sees size * ITERS.
 * The grant orders all lead to the same states once each epoch ends.
 */
#include <assert.h>
#include <mpi.h>

#ifndef ITERS
#define ITERS 3
#endif

int main(int argc, char **argv) {
    int rank, size, counter = 0, value;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    for (int i = 0; i < ITERS; i++) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Get(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        value++;
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        assert(counter == size * ITERS);
        MPI_Win_unlock(0, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
