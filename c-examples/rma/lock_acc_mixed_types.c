/* RUN: -n 3
 * EXPECT: error rma-race
 * Under shared locks on rank 0, rank 1 adds 1 to the cell with MPI_Accumulate on MPI_INT
 * while rank 2 adds 1.0f to the same four bytes with MPI_Accumulate on MPI_FLOAT.
 * Concurrent accumulates are atomic only when they use the same predefined datatype
 * (MPI 3.1 §11.7.1); with different types they are conflicting accesses (§11.7).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 0, one = 1;
    float fone = 1.0f;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_unlock(0, win);
    } else if (rank == 2) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(&fone, 1, MPI_FLOAT, 0, 0, 1, MPI_FLOAT, MPI_SUM, win); /* BUG */
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("cell bits = 0x%x\n", (unsigned)cell);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
