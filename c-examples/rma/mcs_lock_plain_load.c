/* RUN: -n 3
 * EXPECT: error rma-race
 * Near miss of mcs_lock.c: on release the holder reads its own NEXT word with a plain
 * load instead of MPI_Fetch_and_op(MPI_NO_OP). A successor that has just swapped itself
 * into the tail writes NEXT with MPI_Accumulate(MPI_REPLACE) at any moment, and that
 * update is not ordered with the load (MPI 3.1 §11.7: a load conflicts with a concurrent
 * accumulate to the same location; atomicity covers accumulate operations only).
 */
#include <assert.h>
#include <mpi.h>

enum { NEXT, TAIL, COUNT };

int main(int argc, char **argv) {
    int rank, size, mem[3], one = 1, nil = MPI_PROC_NULL, dummy = 0, token = 0;
    int pred, succ, old;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mem[NEXT] = mem[TAIL] = MPI_PROC_NULL;
    mem[COUNT] = 0;
    MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    /* acquire */
    mem[NEXT] = MPI_PROC_NULL;
    MPI_Win_sync(win);
    MPI_Fetch_and_op(&rank, &pred, MPI_INT, 0, TAIL, MPI_REPLACE, win);
    MPI_Win_flush(0, win);
    if (pred != MPI_PROC_NULL) {
        MPI_Accumulate(&rank, 1, MPI_INT, pred, NEXT, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_flush(pred, win);
        MPI_Recv(&token, 1, MPI_INT, pred, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    /* critical section */
    MPI_Accumulate(&one, 1, MPI_INT, 0, COUNT, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_flush(0, win);
    /* release */
    succ = mem[NEXT]; /* BUG: plain load of a word a successor may be writing */
    if (succ == MPI_PROC_NULL) {
        MPI_Compare_and_swap(&nil, &rank, &old, MPI_INT, 0, TAIL, win);
        MPI_Win_flush(0, win);
        while (old != rank && succ == MPI_PROC_NULL) { /* a successor is enqueuing */
            MPI_Fetch_and_op(&dummy, &succ, MPI_INT, rank, NEXT, MPI_NO_OP, win);
            MPI_Win_flush(rank, win);
        }
    }
    if (succ != MPI_PROC_NULL)
        MPI_Send(&token, 1, MPI_INT, succ, 0, MPI_COMM_WORLD);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(mem[COUNT] == size && mem[TAIL] == MPI_PROC_NULL);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
