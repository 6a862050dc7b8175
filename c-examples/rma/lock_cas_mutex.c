/* RUN: -n 3
 * EXPECT: verified
 * Spin lock with MPI_Compare_and_swap: under lock_all each rank swaps its id (rank+1)
 * into rank 0's lock word when the word is 0, flushing after each attempt, until it
 * wins; it then adds 1 to a counter with MPI_Accumulate and releases the lock with
 * MPI_Fetch_and_op(MPI_REPLACE, 0), checking that the word still held its own id. All
 * accesses are atomic accumulate-class operations on one type (MPI 3.1 §11.7.1).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, mem[2] = {0, 0}; /* mem[0]: lock word, mem[1]: counter */
    int zero = 0, one = 1, mine, old;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine = rank + 1;
    MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    do {
        MPI_Compare_and_swap(&mine, &zero, &old, MPI_INT, 0, 0, win);
        MPI_Win_flush(0, win);
    } while (old != 0);
    MPI_Accumulate(&one, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_flush(0, win);
    MPI_Fetch_and_op(&zero, &old, MPI_INT, 0, 0, MPI_REPLACE, win);
    MPI_Win_flush(0, win);
    assert(old == mine); /* nobody else held the lock meanwhile */
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(mem[0] == 0 && mem[1] == size);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
