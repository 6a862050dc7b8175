/* setup.c: the Cartesian decomposition of the box, the fcc lattice each
 * rank creates its part of, and the initial velocities. */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md.h"

/* The box holds cells^3 fcc unit cells of 4 atoms: the largest lattice with
 * at most the atoms asked for (at least one cell). */
static int lattice_cells(int natoms_req) {
    int k = 1;
    while (4 * (k + 1) * (k + 1) * (k + 1) <= natoms_req)
        k++;
    return k;
}

void setup_domain(Domain *d, const Params *p) {
    int periods[3] = {1, 1, 1};
    int world;

    MPI_Comm_size(MPI_COMM_WORLD, &world);
    d->dims[0] = d->dims[1] = d->dims[2] = 0;
    /* MPI 3.1 §7.5.2: a balanced factorization of the process count. */
    MPI_Dims_create(world, 3, d->dims);
    /* Periodic in every dimension: the box is a 3-torus (§7.5.1). */
    MPI_Cart_create(MPI_COMM_WORLD, 3, d->dims, periods, 1, &d->cart);
    MPI_Comm_rank(d->cart, &d->rank);
    MPI_Comm_size(d->cart, &d->nranks);
    MPI_Cart_coords(d->cart, d->rank, 3, d->coords);
    for (int dim = 0; dim < 3; dim++)
        MPI_Cart_shift(d->cart, dim, 1, &d->nbr_lo[dim], &d->nbr_hi[dim]);

    d->cells = lattice_cells(p->natoms_req);
    d->natoms = 4 * d->cells * d->cells * d->cells;
    d->lattice = pow(4.0 / p->density, 1.0 / 3.0);
    d->len = d->cells * d->lattice;
    for (int dim = 0; dim < 3; dim++) {
        d->lo[dim] = d->len * d->coords[dim] / d->dims[dim];
        d->hi[dim] = d->len * (d->coords[dim] + 1) / d->dims[dim];
    }
}

void free_domain(Domain *d) { MPI_Comm_free(&d->cart); }

void atoms_init(Atoms *a, int cap) {
    a->nlocal = a->nall = 0;
    a->cap = 0;
    a->id = NULL;
    a->x = a->v = a->f = NULL;
    atoms_reserve(a, cap);
}

/* Grows the arrays to hold at least cap atoms (owned and ghosts). */
void atoms_reserve(Atoms *a, int cap) {
    if (cap <= a->cap)
        return;
    int n = a->cap > 0 ? a->cap : 64;
    while (n < cap)
        n *= 2;
    a->id = realloc(a->id, (size_t)n * sizeof(int));
    a->x = realloc(a->x, (size_t)n * 3 * sizeof(double));
    a->v = realloc(a->v, (size_t)n * 3 * sizeof(double));
    a->f = realloc(a->f, (size_t)n * 3 * sizeof(double));
    if (a->id == NULL || a->x == NULL || a->v == NULL || a->f == NULL) {
        fprintf(stderr, "md: out of memory for %d atoms\n", n);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    a->cap = n;
}

void atoms_free(Atoms *a) {
    free(a->id);
    free(a->x);
    free(a->v);
    free(a->f);
    a->id = NULL;
    a->x = a->v = a->f = NULL;
    a->cap = a->nlocal = a->nall = 0;
}

static int inside(const Domain *d, const double *x) {
    for (int dim = 0; dim < 3; dim++)
        if (x[dim] < d->lo[dim] || x[dim] >= d->hi[dim])
            return 0;
    return 1;
}

/* Every rank walks the whole lattice and keeps the sites in its subdomain,
 * so the atom ids (the site numbers) do not depend on the decomposition. */
void create_lattice(Atoms *a, const Domain *d) {
    static const double basis[4][3] = {
        {0.0, 0.0, 0.0}, {0.5, 0.5, 0.0}, {0.5, 0.0, 0.5}, {0.0, 0.5, 0.5}};
    int k = d->cells;
    a->nlocal = 0;
    for (int iz = 0; iz < k; iz++)
        for (int iy = 0; iy < k; iy++)
            for (int ix = 0; ix < k; ix++)
                for (int b = 0; b < 4; b++) {
                    double x[3];
                    /* A quarter cell off the corner keeps sites off the
                     * usual subdomain boundaries; [lo, hi) gives every
                     * site exactly one owner in any case. */
                    x[0] = (ix + basis[b][0] + 0.25) * d->lattice;
                    x[1] = (iy + basis[b][1] + 0.25) * d->lattice;
                    x[2] = (iz + basis[b][2] + 0.25) * d->lattice;
                    if (!inside(d, x))
                        continue;
                    atoms_reserve(a, a->nlocal + 1);
                    int i = a->nlocal++;
                    a->id[i] = ((iz * k + iy) * k + ix) * 4 + b;
                    memcpy(&a->x[3 * i], x, sizeof x);
                }
    a->nall = a->nlocal;
}

/* A counter-based generator: the velocity of an atom depends only on its id
 * and the seed (splitmix64 of both), never on which rank owns it. */
static double uniform_of(uint64_t id, unsigned seed, int component) {
    uint64_t z = id * 3 + (uint64_t)component + ((uint64_t)seed << 32);
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0) - 0.5;
}

void create_velocities(Atoms *a, const Domain *d, const Params *p) {
    double sum[4] = {0.0, 0.0, 0.0, 0.0}, total[4];
    for (int i = 0; i < a->nlocal; i++) {
        for (int c = 0; c < 3; c++) {
            a->v[3 * i + c] = uniform_of((uint64_t)a->id[i], p->seed, c);
            sum[c] += a->v[3 * i + c];
        }
    }
    sum[3] = a->nlocal;
    MPI_Allreduce(sum, total, 4, MPI_DOUBLE, MPI_SUM, d->cart);
    assert((int)total[3] == d->natoms);

    /* No net momentum: the center of mass stays at rest. */
    double ke = 0.0, ke_total;
    for (int i = 0; i < a->nlocal; i++)
        for (int c = 0; c < 3; c++) {
            a->v[3 * i + c] -= total[c] / total[3];
            ke += 0.5 * a->v[3 * i + c] * a->v[3 * i + c];
        }
    MPI_Allreduce(&ke, &ke_total, 1, MPI_DOUBLE, MPI_SUM, d->cart);

    /* Scale to the temperature asked for: 3/2 (N - 1) T = KE. */
    double t_now = 2.0 * ke_total / (3.0 * (d->natoms - 1));
    double scale = sqrt(p->temp / t_now);
    for (int i = 0; i < 3 * a->nlocal; i++)
        a->v[i] *= scale;
}
