/* RUN: -n 2
 * EXPECT: verified
 * A Monte Carlo estimate of pi seeded the way threaded codes seed it: every rank keeps its
 * own rand_r state, made from a base seed and its rank, and draws its points with
 * rand_r(&seed) / (RAND_MAX + 1.0). The checker draws exactly what glibc's rand_r draws
 * (three steps of a linear congruence on the caller's seed per call: the asserted values
 * and seeds are what a program linked against glibc prints), and rand_r leaves the
 * generator of rand() alone. The hits are reduced on rank 0: 157 of 200 points on 2 ranks,
 * in a real run and in the check.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SAMPLES 100

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* glibc's values, on every rank. */
    unsigned check = 1;
    assert(rand_r(&check) == 476707713);
    assert(rand_r(&check) == 1186278907);
    assert(check == 2516284547u);
    assert(rand() == 1804289383); /* rand()'s own generator: still at seed 1 */

    unsigned seed = 2024u + 7919u * (unsigned)rank;
    long hits = 0;
    for (int i = 0; i < SAMPLES; i++) {
        double x = rand_r(&seed) / (RAND_MAX + 1.0);
        double y = rand_r(&seed) / (RAND_MAX + 1.0);
        if (x * x + y * y <= 1.0)
            hits++;
    }
    long total;
    MPI_Reduce(&hits, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("pi ~ %.4f from %d points\n", 4.0 * (double)total / (SAMPLES * size),
               SAMPLES * size);
        assert(total == 157);
    }
    MPI_Finalize();
    return 0;
}
