/* RUN: -n 4
 * EXPECT: verified
 * Distributed histogram: each rank generates values from a const table, bins them by
 * owner (bin b belongs to rank b % size), exchanges per-destination counts with
 * MPI_Alltoall, then the values with MPI_Alltoallv using displacements computed by a
 * prefix sum; every rank checks it received only its own bins and the global total.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NVAL 6
#define NBINS 8

static const double samples[] = {0.05, 0.91, 0.33, 0.47, 0.62, 0.18, 0.77, 0.99, 0.24, 0.58};

static int bin_of(double v) {
    int b = (int)floor(v * NBINS);
    return b >= NBINS ? NBINS - 1 : b;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int nsamples = sizeof samples / sizeof samples[0];

    double vals[NVAL];
    for (int i = 0; i < NVAL; i++)
        vals[i] = samples[(rank * NVAL + i) % nsamples];

    int *sendcounts = calloc(size, sizeof(int));
    int *recvcounts = calloc(size, sizeof(int));
    int *sdispl = calloc(size, sizeof(int));
    int *rdispl = calloc(size, sizeof(int));
    for (int i = 0; i < NVAL; i++)
        sendcounts[bin_of(vals[i]) % size]++;
    MPI_Alltoall(sendcounts, 1, MPI_INT, recvcounts, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 1; r < size; r++) {
        sdispl[r] = sdispl[r - 1] + sendcounts[r - 1];
        rdispl[r] = rdispl[r - 1] + recvcounts[r - 1];
    }
    int nrecv = rdispl[size - 1] + recvcounts[size - 1];

    double *sorted = malloc(NVAL * sizeof(double));
    int *fill = calloc(size, sizeof(int));
    for (int i = 0; i < NVAL; i++) {
        int dest = bin_of(vals[i]) % size;
        sorted[sdispl[dest] + fill[dest]++] = vals[i];
    }
    double *mine = malloc((nrecv > 0 ? nrecv : 1) * sizeof(double));
    MPI_Alltoallv(sorted, sendcounts, sdispl, MPI_DOUBLE, mine, recvcounts, rdispl, MPI_DOUBLE,
                  MPI_COMM_WORLD);

    int hist[NBINS] = {0};
    for (int i = 0; i < nrecv; i++) {
        int b = bin_of(mine[i]);
        assert(b % size == rank);
        hist[b]++;
    }
    int total = 0;
    MPI_Allreduce(&nrecv, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == NVAL * size);
    for (int b = rank; b < NBINS; b += size)
        printf("bin %d: %d\n", b, hist[b]);
    free(sendcounts);
    free(recvcounts);
    free(sdispl);
    free(rdispl);
    free(sorted);
    free(fill);
    free(mine);
    MPI_Finalize();
    return 0;
}
