/* RUN: -n 2 --timeout 1 --max-steps 100000000000
 * EXPECT: inconclusive
 * A local computation of about 10^10 iterations between MPI_Init and the reduction: with
 * the instruction budget raised, the time limit is what stops the check, inside the
 * loop, within a second of the limit, naming where rank 0 was computing.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    long acc = 0, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (long i = 0; i < 10000000000L; i++) acc = (acc * 31 + i + rank) % 1000003;
    MPI_Reduce(&acc, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
