/* RUN: -n 2
 * EXPECT: verified
 * Per-rank random streams as Monte Carlo codes set them up: srand48(seed + rank) for the
 * global drand48 stream, an erand48 state array per rank for a second, independent
 * stream, and random()/srandom() for a third. The checker draws exactly the numbers glibc
 * draws (the asserted values are what a program linked against glibc prints), including
 * glibc's unseeded drand48 state (0: the first drand48() is 11 / 2^48) and the one
 * generator rand and random share (srand is srandom). The ranks then estimate pi from
 * their samples and MPI_Reduce the hits: 315 of 400, in a real run and in the check.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SAMPLES 200

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* glibc's values, on every rank. */
    assert(drand48() == 11.0 / 281474976710656.0);
    assert(lrand48() == 2116118);
    srand48(42);
    assert(drand48() == 0.7445250000610066);
    assert(lrand48() == 735945821 && mrand48() == 477107655);
    srandom(7);
    long r = random();
    srand(7);
    assert(rand() == r && r == 1045618677);

    /* Independent streams per rank. */
    srand48(2024 + rank);
    unsigned short xsubi[3] = {0x330E, (unsigned short)rank, 7};
    long hits = 0;
    for (int i = 0; i < SAMPLES; i++) {
        double x = drand48(), y = erand48(xsubi);
        assert(x >= 0.0 && x < 1.0 && y >= 0.0 && y < 1.0);
        if (x * x + y * y <= 1.0)
            hits++;
    }
    long total;
    MPI_Reduce(&hits, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double pi = 4.0 * (double)total / (SAMPLES * size);
        printf("pi ~ %.4f from %d samples\n", pi, SAMPLES * size);
        assert(total == 315); /* what glibc's streams give on 2 ranks */
    }
    MPI_Finalize();
    return 0;
}
