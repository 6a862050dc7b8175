/* RUN: -n 2 --stdin scanf_sizes.txt
 * EXPECT: inconclusive
 * Every rank reads the count from standard input, but mpiexec forwards standard input
 * to rank 0 only: under MPICH rank 1's scanf waits forever, under Open MPI it sees end
 * of file. What rank 1 reads depends on the launcher, so the check stops there and
 * says why. Read on rank 0 and broadcast (stdin_scatter_counts.c).
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, n = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int got = scanf("%d", &n); /* BUG: only rank 0 has the input */
    assert(got == 1 && n == 4);
    MPI_Finalize();
    return 0;
}
