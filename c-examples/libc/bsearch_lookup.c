/* RUN: -n 3
 * EXPECT: verified
 * A lookup in a table every rank holds: each rank builds the same table of element
 * records {atomic number, symbol, mass}, sorts it by atomic number with qsort, and
 * looks its own atomic numbers up with bsearch and a comparator taking the key first;
 * some are in the table, some are not. Each rank sends the masses it found to rank 0,
 * which learns how many from MPI_Get_count and checks the total mass and the number of
 * misses. Shows bsearch returning a pointer into the table, or NULL for a missing key.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NELEM 8
#define NQUERY 4

typedef struct {
    int z;
    char symbol[4];
    double mass;
} element_t;

static int by_z(const void *pa, const void *pb) {
    const element_t *a = pa, *b = pb;
    return (a->z > b->z) - (a->z < b->z);
}

/* bsearch hands the key first, then an element of the table. */
static int key_vs_element(const void *key, const void *elem) {
    int z = *(const int *)key;
    const element_t *e = elem;
    return (z > e->z) - (z < e->z);
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    element_t table[NELEM] = {
        {8, "O", 16.0},  {1, "H", 1.0},   {26, "Fe", 56.0}, {6, "C", 12.0},
        {2, "He", 4.0},  {7, "N", 14.0},  {11, "Na", 23.0}, {17, "Cl", 35.5},
    };
    qsort(table, NELEM, sizeof table[0], by_z);

    /* Rank r asks for z = r + 1, r + 6, r + 8 and r + 26; the table has none of
     * 3, 9, 10, 27 and 28. */
    int queries[NQUERY] = {rank + 1, rank + 6, rank + 8, rank + 26};
    double found[NQUERY];
    int nfound = 0;
    for (int q = 0; q < NQUERY; q++) {
        const element_t *e = bsearch(&queries[q], table, NELEM, sizeof table[0], key_vs_element);
        if (e != NULL) {
            assert(e->z == queries[q]);
            found[nfound++] = e->mass;
        }
    }

    if (rank == 0) {
        double total = 0;
        int misses = NQUERY - nfound;
        for (int i = 0; i < nfound; i++)
            total += found[i];
        for (int r = 1; r < size; r++) {
            double got[NQUERY];
            int n;
            MPI_Status st;
            MPI_Recv(got, NQUERY, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &n);
            for (int i = 0; i < n; i++)
                total += got[i];
            misses += NQUERY - n;
        }
        /* rank 0 finds H, C, O, Fe; rank 1 He, N; rank 2 O. */
        printf("total mass %.1f, %d misses\n", total, misses);
        if (size == 3) {
            assert(total == 1.0 + 12.0 + 16.0 + 56.0 + 4.0 + 14.0 + 16.0);
            assert(misses == 5);
        }
    } else {
        /* Only the masses found: rank 0 learns how many from the status. */
        MPI_Send(found, nfound, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
