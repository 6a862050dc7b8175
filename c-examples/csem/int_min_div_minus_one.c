/* RUN: -n 2
 * EXPECT: error memory-error
 * The most negative int divided by -1 does not fit in an int: C leaves it undefined
 * and x86-64 traps (SIGFPE), like a division by zero. Rank 1 normalizes a sentinel
 * value by a sign it received.
 */
#include <limits.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, sign = 1, value = INT_MIN, scaled;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        sign = -1;
        MPI_Send(&sign, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&sign, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        scaled = value / sign; /* INT_MIN / -1 traps */
        MPI_Send(&scaled, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    if (rank == 0)
        MPI_Recv(&scaled, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
