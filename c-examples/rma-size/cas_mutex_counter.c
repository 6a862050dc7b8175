/* RUN: -n 4
 * EXPECT: verified
 * A spin lock built from MPI_Compare_and_swap on a word at rank 0 (0 free, rank+1
 * held) guards a plain counter there: each rank ITERS times swaps its id in, retrying
 * while the swap fails, then MPI_Get, flush, MPI_Put of the value plus one, flush, and
 * releases with MPI_Accumulate(MPI_REPLACE) of 0 and a flush. Compare-and-swap and
 * accumulate on the lock word are atomic (MPI 3.1 §11.7.1); the critical sections are
 * ordered through the lock word (the acquiring swap reads the releasing write). After
 * unlock_all and a barrier rank 0 checks the total.
 */
#include <assert.h>
#include <mpi.h>

#ifndef ITERS
#define ITERS 1
#endif

int main(int argc, char **argv) {
    int rank, size, *mem, value, old, zero = 0, me;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    mem[0] = 0; /* the lock word */
    mem[1] = 0; /* the counter */
    MPI_Barrier(MPI_COMM_WORLD);
    me = rank + 1;
    MPI_Win_lock_all(0, win);
    for (int i = 0; i < ITERS; i++) {
        do {
            MPI_Compare_and_swap(&me, &zero, &old, MPI_INT, 0, 0, win);
            MPI_Win_flush(0, win);
        } while (old != 0);
        MPI_Get(&value, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        value++;
        MPI_Put(&value, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        MPI_Accumulate(&zero, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_flush(0, win);
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(mem[1] == size * ITERS);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
