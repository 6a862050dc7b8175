/* RUN: -n 4
 * EXPECT: verified
 * Odd-even transposition sort of KEYS keys per rank: each rank qsorts its block with a
 * comparison callback, then in size phases exchanges whole blocks with its partner
 * (MPI_Sendrecv) and keeps the low or high half of the merge. Rank 0 gathers and checks
 * the result is sorted.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEYS 4

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void merge_keep(int *mine, const int *other, int keep_low) {
    int all[2 * KEYS];
    int i = 0, j = 0, k = 0;
    while (i < KEYS && j < KEYS)
        all[k++] = mine[i] <= other[j] ? mine[i++] : other[j++];
    while (i < KEYS)
        all[k++] = mine[i++];
    while (j < KEYS)
        all[k++] = other[j++];
    memcpy(mine, keep_low ? all : all + KEYS, KEYS * sizeof(int));
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int keys[KEYS], other[KEYS];
    for (int i = 0; i < KEYS; i++)
        keys[i] = (rank * 37 + i * 91 + 13) % 50;
    qsort(keys, KEYS, sizeof(int), cmp_int);

    for (int phase = 0; phase < size; phase++) {
        int partner = (phase % 2 == rank % 2) ? rank + 1 : rank - 1;
        if (partner < 0 || partner >= size)
            continue;
        MPI_Sendrecv(keys, KEYS, MPI_INT, partner, phase, other, KEYS, MPI_INT, partner, phase,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        merge_keep(keys, other, rank < partner);
    }

    int *all = NULL;
    if (rank == 0)
        all = malloc(size * KEYS * sizeof(int));
    MPI_Gather(keys, KEYS, MPI_INT, all, KEYS, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 1; i < size * KEYS; i++)
            assert(all[i - 1] <= all[i]);
        for (int i = 0; i < size * KEYS; i++)
            printf("%d%c", all[i], i + 1 < size * KEYS ? ' ' : '\n');
        free(all);
    }
    MPI_Finalize();
    return 0;
}
