/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * A randomized refinement: each rank seeds drand48's generator with its rank, so that
 * their perturbations differ, and then draws from the same stream how many rounds to
 * run, each ending with an MPI_Allreduce. The ranks draw different round counts (glibc's
 * lrand48 gives rank 0 four rounds and rank 1 two, in a real run as in the check), so
 * rank 1 finalizes while rank 0 calls a third MPI_Allreduce. Decisions that every rank must share are drawn on one
 * rank and broadcast, or drawn from a stream seeded identically on every rank.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    double x = 1.0, sum;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    srand48(1234 + rank);
    int rounds = 1 + (int)(lrand48() % 4);
    for (int r = 0; r < rounds; r++) {
        x += 0.01 * (drand48() - 0.5);
        MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        x = sum / 2;
    }
    printf("rank %d: %d rounds, x = %f\n", rank, rounds, x);
    MPI_Finalize();
    return 0;
}
