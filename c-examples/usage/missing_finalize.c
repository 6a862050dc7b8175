/* RUN: -n 2
 * EXPECT: error mpi-usage
 * Rank 1 leaves main through an early return on its error path and never calls MPI_Finalize
 * (MPI 3.1 §8.7: every process must call MPI_Finalize before it exits). The exit status is 0, so
 * only the missing MPI_Finalize is wrong.
 */
#include <mpi.h>

static int check_input(int rank, int value) {
    return rank == 0 || value >= 0;
}

int main(int argc, char **argv) {
    int rank, value = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_input(rank, value))
        return 0; /* skips MPI_Finalize */
    MPI_Finalize();
    return 0;
}
