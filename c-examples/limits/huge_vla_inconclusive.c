/* RUN: -n 2
 * EXPECT: inconclusive
 * A variable-length array of 2 GiB on the stack: whether a real run survives depends on
 * the stack limit (`ulimit -s`), and the checker does not hold blocks that large. The
 * check is inconclusive at the declaration, never an abort of the checker.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long n = (2L << 30) + rank;
    char scratch[n];
    scratch[0] = (char)rank;
    MPI_Bcast(scratch, 1, MPI_CHAR, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
