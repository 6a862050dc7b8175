/* RUN: -n 3
 * EXPECT: verified
 * MCS queue lock (after Hoefler et al., "Remote Memory Access Programming in MPI-3", §4.3).
 * mem[NEXT] is each rank's successor, mem[TAIL] on rank 0 the queue tail. Acquire swaps
 * the rank into the tail; a predecessor gets our rank in its NEXT and hands the lock over
 * by message. Release reads NEXT atomically; with no successor it CASes the tail back to
 * MPI_PROC_NULL, else (or if the CAS fails) it waits for NEXT and sends the hand-over.
 * All shared words are touched only by same-type atomics (MPI 3.1 §11.7.1).
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
    MPI_Fetch_and_op(&dummy, &succ, MPI_INT, rank, NEXT, MPI_NO_OP, win);
    MPI_Win_flush(rank, win);
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
