/* RUN: -n 2
 * EXPECT: verified
 * Numerical helpers a particle code uses, each rank on its own particles: frexp bins
 * energies by binary exponent (a log2 histogram), ldexp rebuilds a bin's lower edge,
 * lround maps positions to grid cells, modf splits a time into whole steps and a
 * fraction, fdim clamps overshoots to zero, erf/erfc give the fraction of a Gaussian
 * beam inside an aperture, and expm1/log1p keep small rates accurate. The histograms
 * are summed with MPI_Reduce and the totals checked on rank 0 (the same numbers in a
 * real run).
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>

#define NP 16
#define BINS 8

int main(int argc, char **argv) {
    int rank;
    long hist[BINS] = {0}, total[BINS];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NP; i++) {
        double energy = 0.75 * (double)(1 << (i % BINS)) + rank; /* 0.75 .. 96 + rank */
        int e;
        double m = frexp(energy, &e);
        assert(m >= 0.5 && m < 1.0 && ldexp(m, e) == energy);
        int bin = e < 0 ? 0 : (e >= BINS ? BINS - 1 : e);
        assert(ldexp(1.0, bin - 1) <= energy || bin == 0);
        hist[bin]++;
    }
    MPI_Reduce(hist, total, BINS, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);

    double x = 2.5 + rank, steps;
    long cell = lround(x); /* halves go away from zero */
    assert(cell == 3 + rank);
    double frac = modf(7.25 + rank, &steps);
    assert(steps == 7.0 + rank && frac == 0.25);
    assert(fdim(1.5, 2.0) == 0.0 && fdim(2.0, 1.5) == 0.5);

    /* A Gaussian beam of width sigma through an aperture of half-width a. */
    double a = 1.0, sigma = 0.5 + 0.25 * rank;
    double inside = erf(a / (sigma * sqrt(2.0)));
    assert(fabs(inside + erfc(a / (sigma * sqrt(2.0))) - 1.0) < 1e-15);
    assert(inside > 0.8 && inside < 1.0);
    double rate = 1e-12;
    assert(fabs(log1p(expm1(rate)) - rate) < 1e-27);
    double all;
    MPI_Reduce(&inside, &all, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);

    if (rank == 0) {
        long n = 0;
        for (int b = 0; b < BINS; b++)
            n += total[b];
        assert(n == 2 * NP && total[0] == 2 && total[7] == 4);
        printf("min transmission %.6f\n", all);
    }
    MPI_Finalize();
    return 0;
}
