/* RUN: -n 2
 * EXPECT: error count-mismatch
 * A user bug: rank 0 sends its whole row of N doubles but rank 1 posts a receive for
 * N-1 (it meant to skip the ghost cell), so the message is truncated (MPI_ERR_TRUNCATE).
 */
#include <mpi.h>

#define N 6

int main(int argc, char **argv) {
    int rank;
    double row[N] = {1, 2, 3, 4, 5, 6};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(row, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(row + 1, N - 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
