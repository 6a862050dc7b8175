/* RUN: -n 2 --any-input -- 3
 * EXPECT: verified
 * Rank 0 contributes the number from its argument to a maximum over all ranks, and every
 * rank compares the result. The reduction's result carries the members' values combined
 * symbolically (the maximum of rank 0's input and rank 1's 0), so every rank's comparison
 * is one path constraint: verified for every argv[1].
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, n = 0, biggest = 0, one = 1, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        n = argc > 1 ? atoi(argv[1]) : 4;
    MPI_Allreduce(&n, &biggest, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (biggest > 4)
        MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
