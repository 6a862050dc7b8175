/* RUN: -n 2
 * EXPECT: verified
 * Setting up a particle code: the cells are split into blocks with div (the quotient and
 * the remainder of one division, here -- div_t comes back in one register) and global
 * offsets computed with lldiv; each rank's particle counts follow a Poisson law whose
 * probabilities come from lgamma (tgamma(k + 1) is k! exactly for small k), positions are
 * wrapped into the periodic box with remainder and binned by octant with remquo, and each
 * rank's 48-bit stream is seeded with seed48, whose returned array holds the previous
 * state. The per-rank sums are reduced and checked on rank 0; the asserted values are
 * glibc's.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define CELLS 10
#define LAMBDA 3.0
#define BOX 2.0

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    div_t split = div(CELLS, size);
    int mine = split.quot + (rank < split.rem);
    int first = rank * split.quot + (rank < split.rem ? rank : split.rem);
    lldiv_t where = lldiv(1000000007LL * first, 97);
    assert(where.quot * 97 + where.rem == 1000000007LL * first);
    div_t neg = div(-7, 2);
    assert(neg.quot == -3 && neg.rem == -1); /* truncation toward zero */

    assert(tgamma(5.0) == 24.0 && tgamma(7.0) == 720.0);
    double total_p = 0;
    for (int k = 0; k < 30; k++)
        total_p += exp(k * log(LAMBDA) - LAMBDA - lgamma(k + 1.0));
    assert(fabs(total_p - 1.0) < 1e-12);

    unsigned short state[3] = {0x330E, (unsigned short)rank, 7};
    unsigned short *previous = seed48(state);
    assert(previous[0] == 0 && previous[1] == 0 && previous[2] == 0); /* unseeded: 0 */
    double wrapped = 0;
    int octants[8] = {0};
    for (int c = 0; c < mine; c++) {
        double x = 3.0 * BOX * drand48() - BOX;
        double w = remainder(x, BOX); /* into [-BOX/2, BOX/2] */
        assert(fabs(w) <= BOX / 2);
        wrapped += w;
        int quo;
        remquo(x + 4 * BOX, BOX / 4, &quo);
        octants[quo & 7]++;
    }
    assert(remainder(5.0, 2.0) == 1.0 && remainder(7.0, 2.0) == -1.0);
    double sum;
    int cells;
    MPI_Reduce(&wrapped, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &cells, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("%d cells, wrapped sum %.6f, octant 0: %d\n", cells, sum, octants[0]);
        assert(cells == CELLS);
        assert(fabs(sum - 2.0243522915258296) < 1e-9);
    }
    MPI_Finalize();
    return 0;
}
