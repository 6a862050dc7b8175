/* RUN: -n 4
 * EXPECT: verified
 * Monte Carlo estimate of pi at its real size: every rank throws 4,000,000
 * darts (-s) at the unit square with its own 64-bit linear congruential
 * generator (Knuth's MMIX constants, 53-bit mantissas from the high bits),
 * seeded per rank through splitmix64 so the streams do not overlap. Rank 0
 * broadcasts the options (MPI 3.1 §5.4), the hit counts meet at rank 0 by
 * MPI_Reduce(MPI_SUM) on MPI_LONG_LONG (§5.9), and MPI_Gather (§5.5) brings
 * each rank's count so rank 0 can check that the reduction equals their sum
 * and that the estimate lies within 5 standard deviations of pi. The program
 * is deterministic: one execution, whose cost is the 16 million samples the
 * interpreter runs at np 4; the check finds no deadlock and the assertions
 * hold.
 *
 * usage: mpiexec -n P ./montecarlo_pi [-s SAMPLES_PER_RANK] [-r SEED] [-v]
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define DEFAULT_SAMPLES 4000000LL
#define DEFAULT_SEED 20240613ULL

typedef struct {
    long long samples; /* darts per rank */
    unsigned long long seed;
    int verbose;
} Options;

typedef struct {
    uint64_t state;
} Lcg;

/* splitmix64: decorrelates the per-rank seeds before they start an LCG. */
static uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static void lcg_seed(Lcg *g, uint64_t seed, int rank) {
    g->state = splitmix64(seed ^ ((uint64_t)rank * 0xD1B54A32D192ED03ULL));
}

/* A uniform double in [0, 1) from the 53 high bits of the next state. */
static double lcg_uniform(Lcg *g) {
    g->state = g->state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(g->state >> 11) * (1.0 / 9007199254740992.0);
}

static int parse_options(int argc, char **argv, Options *o) {
    int c;
    o->samples = DEFAULT_SAMPLES;
    o->seed = DEFAULT_SEED;
    o->verbose = 0;
    while ((c = getopt(argc, argv, "s:r:v")) != -1) {
        switch (c) {
        case 's':
            o->samples = atoll(optarg);
            break;
        case 'r':
            o->seed = strtoull(optarg, NULL, 10);
            break;
        case 'v':
            o->verbose = 1;
            break;
        default:
            return 1;
        }
    }
    if (o->samples < 1) {
        fprintf(stderr, "montecarlo_pi: -s needs a positive sample count\n");
        return 1;
    }
    return 0;
}

static long long count_hits(Lcg *g, long long samples) {
    long long hits = 0;
    for (long long i = 0; i < samples; i++) {
        double x = lcg_uniform(g);
        double y = lcg_uniform(g);
        if (x * x + y * y < 1.0)
            hits++;
    }
    return hits;
}

int main(int argc, char **argv) {
    int rank, size;
    Options opt;
    long long opts[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Rank 0 reads the command line; the others take its answer. */
    if (rank == 0) {
        int bad = parse_options(argc, argv, &opt);
        opts[0] = bad ? -1 : opt.samples;
        opts[1] = (long long)opt.seed;
        opts[2] = opt.verbose;
    }
    MPI_Bcast(opts, 3, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (opts[0] < 0) {
        if (rank == 0)
            fprintf(stderr, "usage: montecarlo_pi [-s samples] [-r seed] [-v]\n");
        MPI_Finalize();
        return 1;
    }
    opt.samples = opts[0];
    opt.seed = (unsigned long long)opts[1];
    opt.verbose = (int)opts[2];

    double t0 = MPI_Wtime();
    Lcg g;
    lcg_seed(&g, opt.seed, rank);
    long long hits = count_hits(&g, opt.samples);
    double elapsed = MPI_Wtime() - t0;

    long long total = 0;
    MPI_Reduce(&hits, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);

    long long *per_rank = NULL;
    if (rank == 0)
        per_rank = malloc((size_t)size * sizeof(long long));
    MPI_Gather(&hits, 1, MPI_LONG_LONG, per_rank, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);

    double slowest = 0.0;
    MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    if (rank == 0) {
        long long check = 0;
        for (int r = 0; r < size; r++) {
            assert(per_rank[r] >= 0 && per_rank[r] <= opt.samples);
            check += per_rank[r];
            if (opt.verbose)
                printf("rank %d: %lld hits of %lld\n", r, per_rank[r], opt.samples);
        }
        assert(check == total);
        double n = (double)opt.samples * (double)size;
        double p = (double)total / n;
        double pi = 4.0 * p;
        /* The estimate's standard deviation is 4 sqrt(p (1 - p) / n). */
        double sigma = 4.0 * sqrt(p * (1.0 - p) / n);
        printf("pi ~ %.8f (error %.2e, sigma %.2e) from %.0f samples in %.3f s\n", pi,
               fabs(pi - M_PI), sigma, n, slowest);
        assert(fabs(pi - M_PI) < 5.0 * sigma + 1e-12);
        free(per_rank);
    }

    MPI_Finalize();
    return 0;
}
