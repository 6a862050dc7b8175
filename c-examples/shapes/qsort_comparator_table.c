/* RUN: -n 2..3
 * EXPECT: verified
 * Sorting with a comparator chosen at run time: each rank sorts its
 * particles by the key its rank selects from a table of comparators
 * (position, then mass, then charge), as analysis codes pick a sort order
 * from an option. qsort and bsearch call the comparator through the
 * pointer they are given. Rank 0 gathers every rank's first key and checks
 * each rank's order.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#define NPART 6

struct particle {
    double x, mass;
    int charge;
};

static int by_x(const void *a, const void *b) {
    const struct particle *p = a, *q = b;
    return (p->x > q->x) - (p->x < q->x);
}
static int by_mass(const void *a, const void *b) {
    const struct particle *p = a, *q = b;
    return (p->mass > q->mass) - (p->mass < q->mass);
}
static int by_charge(const void *a, const void *b) {
    const struct particle *p = a, *q = b;
    return p->charge - q->charge;
}

typedef int (*order_fn)(const void *, const void *);
static const order_fn orders[] = {by_x, by_mass, by_charge};

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct particle p[NPART];
    for (int i = 0; i < NPART; i++) {
        p[i].x = (double)((i * 7 + rank) % NPART);
        p[i].mass = 1.0 + (double)((i * 5 + 2 * rank) % NPART);
        p[i].charge = (i * 3 + rank) % 4 - 2;
    }
    order_fn order = orders[rank % 3];
    qsort(p, NPART, sizeof p[0], order);
    for (int i = 1; i < NPART; i++)
        assert(order(&p[i - 1], &p[i]) <= 0);
    /* The particle with the median key is found again by binary search. */
    struct particle *median = bsearch(&p[NPART / 2], p, NPART, sizeof p[0], order);
    assert(median && order(median, &p[NPART / 2]) == 0);

    double first = p[0].x, firsts[8];
    MPI_Gather(&first, 1, MPI_DOUBLE, firsts, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0)
        assert(firsts[0] == 0.0); /* rank 0 sorted by position */
    MPI_Finalize();
    return 0;
}
