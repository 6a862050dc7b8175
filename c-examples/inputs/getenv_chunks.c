/* RUN: -n 2 --any-input
 * EXPECT: error collective-mismatch
 * Every rank reads the chunk count from the (same) environment, 1 when unset. Rank 0
 * handles a count above 8 with one extra reduction that the other ranks never call. Unset,
 * as in the test environment, the run passes; --any-input finds MPIV_CHUNKS >= 9.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, one = 1, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *env = getenv("MPIV_CHUNKS");
    int chunks = env ? atoi(env) : 1;
    if (rank == 0 && chunks > 8)
        MPI_Reduce(&one, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
