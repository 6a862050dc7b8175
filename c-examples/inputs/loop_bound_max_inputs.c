/* RUN: -n 2 --any-input --max-inputs 8 -- 2
 * EXPECT: inconclusive
 * The number of exchange rounds comes from the command line (run with one argument, whose
 * value is the input). Every trip count is its own input
 * cell (the loop's exit test compares the round number with the input), so --any-input cannot
 * cover every value within --max-inputs runs: the check says so instead of claiming
 * "verified for every input".
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int rounds = argc > 1 ? atoi(argv[1]) : 2;
    for (int i = 0; i < rounds; i++) {
        if (rank == 0)
            MPI_Send(&i, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        else
            MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
