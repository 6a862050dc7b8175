/* RUN: -n 2
 * EXPECT: verified
 * The twin of acc_int_float_same_origin.c: MPI_Win_flush completes the MPI_INT
 * accumulate at the target (MPI 3.1 §11.5.4) before the MPI_FLOAT one is issued, so the
 * two are ordered although their datatypes differ (§11.7.2 orders only per datatype).
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
        MPI_Win_flush(1, win);
        MPI_Accumulate(&half, 1, MPI_FLOAT, 1, 0, 1, MPI_FLOAT, MPI_SUM, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
