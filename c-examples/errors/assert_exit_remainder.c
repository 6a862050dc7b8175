/* RUN: -n 4
 * EXPECT: error assertion
 * Block decomposition that forgets the remainder: with TOTAL=10 items and 4 ranks each rank
 * takes TOTAL/size = 2 items, so 2 items are never processed. The global count check
 * after MPI_Allreduce fails and the program exits with status 1 (reported as assertion).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TOTAL 10

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int chunk = TOTAL / size; /* bug: remainder TOTAL % size dropped */
    int processed = 0;
    for (int i = rank * chunk; i < (rank + 1) * chunk; i++)
        processed++;
    int all = 0;
    MPI_Allreduce(&processed, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (all != TOTAL) {
        fprintf(stderr, "rank %d: processed %d of %d items\n", rank, all, TOTAL);
        exit(1);
    }
    MPI_Finalize();
    return 0;
}
