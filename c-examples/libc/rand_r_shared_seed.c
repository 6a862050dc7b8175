/* RUN: -n 2
 * EXPECT: error assertion
 * Each rank jitters its particles with its own rand_r stream, and the code checks, after an
 * MPI_Allgather of every rank's first draw, that no two ranks drew the same number
 * (identical streams would correlate the samples across ranks). The seed is a constant:
 * the rank was left out of it (seed = BASE_SEED instead of BASE_SEED + rank), so every
 * rank draws glibc's same stream and the check fails at line 37 on every rank. The
 * fix: fold the rank into the seed.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BASE_SEED 12345u
#define PARTICLES 8

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    unsigned seed = BASE_SEED; /* bug: should depend on the rank */
    double pos[PARTICLES];
    int first = rand_r(&seed);
    for (int i = 0; i < PARTICLES; i++)
        pos[i] = rank + rand_r(&seed) / (RAND_MAX + 1.0);

    int *firsts = malloc(size * sizeof *firsts);
    MPI_Allgather(&first, 1, MPI_INT, firsts, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        for (int s = r + 1; s < size; s++)
            if (firsts[r] == firsts[s])
                fprintf(stderr, "ranks %d and %d share a random stream\n", r, s);
    for (int r = 1; r < size; r++)
        assert(firsts[r] != firsts[0]);

    double local = 0, sum;
    for (int i = 0; i < PARTICLES; i++)
        local += pos[i];
    MPI_Reduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("mean position %.3f\n", sum / (PARTICLES * size));
    free(firsts);
    MPI_Finalize();
    return 0;
}
