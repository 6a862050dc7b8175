/* RUN: -n 2
 * EXPECT: error rma-race
 * Rank 0 adds an MPI_INT and then an MPI_FLOAT to the same 4 bytes of rank 1's window
 * in one lock epoch. One origin's accumulates to a location are ordered "on a
 * per-datatype granularity" (MPI 3.1 §11.7.2) and are atomic only with the same
 * predefined datatype (§11.7.1): with two types, nothing orders the second after the
 * first. acc_int_float_flushed_ok.c completes the first with MPI_Win_flush.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, one = 1;
    float half = 0.5f;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Accumulate(&half, 1, MPI_FLOAT, 1, 0, 1, MPI_FLOAT, MPI_SUM, win); /* BUG */
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
