/* RUN: -n 2
 * EXPECT: inconclusive
 * A recursive countdown whose base case is never reached for odd starting
 * values (it steps by two past zero). Rank 1 starts at 3 and recurses
 * without end; a real run crashes when its stack overflows, at a depth
 * that depends on `ulimit -s`. The checker runs calls on a stack of at most
 * 10,000 frames and stops inconclusive there, naming the line, never
 * "verified".
 */
#include <mpi.h>

static long countdown(long n, long steps) {
    if (n == 0)
        return steps;
    return countdown(n - 2, steps + 1);
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long steps = countdown(rank == 0 ? 4 : 3, 0);
    MPI_Allreduce(MPI_IN_PLACE, &steps, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
