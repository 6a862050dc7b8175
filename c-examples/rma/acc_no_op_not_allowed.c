/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_NO_OP is an operation of MPI_Get_accumulate and MPI_Fetch_and_op
 * only (MPI 3.1 §11.3.4), not of MPI_Accumulate.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_NO_OP, win); /* BUG */
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
