/* RUN: -n 2 --any-input -- 5
 * EXPECT: error deadlock
 * Rank 0 parses a tolerance exponent from its argument and sends it to rank 1. Both then
 * decide whether a refinement message follows for odd exponents: rank 0 tests
 * `exponent % 2 == 1`, rank 1 tests the low bit. They agree except for negative odd
 * exponents, where C's `%` gives -1. The received value carries the argument
 * symbolically, and the solver finds a negative odd exponent that deadlocks.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, exponent = 0, refine = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        exponent = argc > 1 ? atoi(argv[1]) : 6;
        MPI_Send(&exponent, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        if (exponent % 2 == 1)
            MPI_Send(&refine, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&exponent, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (exponent & 1)
            MPI_Recv(&refine, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
