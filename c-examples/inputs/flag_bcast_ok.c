/* RUN: -n 3 --any-input -- 3
 * EXPECT: verified
 * Correct near-miss of argv_skips_bcast.c: only rank 0 reads the argument, and it
 * broadcasts its decision, so every rank takes the same branch whatever the input. The
 * decision is a comparison result, the same for every input of a cell, so it crosses the
 * broadcast exactly and the check is complete for every argv[1].
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, big = 0, one = 1, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        big = argc > 1 && atoi(argv[1]) > 4;
    MPI_Bcast(&big, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (big)
        MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
