/* RUN: -n 2
 * EXPECT: inconclusive
 * Each rank bins its samples into a histogram by (int)(x / width). The last sample is a
 * sentinel, DBL_MAX, that the loop was meant to stop before; its bin index does not fit
 * an int, and converting it is undefined behavior (C11 6.3.1.4): x86 gives INT_MIN, and
 * the store lands far outside the histogram, or the compiler assumes it cannot happen.
 * The check stops there (inconclusive, naming the line) instead of guessing a value.
 * Stopping the loop at n - 1, or testing x against the range first, fixes it.
 */
#include <float.h>
#include <mpi.h>
#include <stdio.h>

#define N 6
#define BINS 4

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double samples[N] = {0.5, 1.5, 2.5, 3.5, 0.25 * rank, DBL_MAX};
    double width = 1.0;
    int local[BINS] = {0}, global[BINS];
    for (int i = 0; i < N; i++) {
        int bin = (int)(samples[i] / width);
        if (bin < BINS)
            local[bin]++;
    }
    MPI_Reduce(local, global, BINS, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("bin 0: %d\n", global[0]);
    MPI_Finalize();
    return 0;
}
