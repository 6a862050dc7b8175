/* neighbor.c: cell lists and neighbor lists. The subdomain, extended by
 * cutoff + skin on every side to hold the ghosts, is cut into cells at
 * least that wide; an owned atom's neighbors are then found among the
 * atoms of its own cell and the 26 around it. A list holds every pair
 * closer than cutoff + skin, so it stays valid for as long as no atom has
 * moved more than half the skin: it is rebuilt every few steps, together
 * with the ghosts (the Verlet-list scheme). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "md.h"

void cells_init(Cells *c, const Domain *d, double range) {
    c->ncells = 1;
    for (int dim = 0; dim < 3; dim++) {
        double extent = (d->hi[dim] - d->lo[dim]) + 2.0 * range;
        c->nc[dim] = (int)(extent / range);
        if (c->nc[dim] < 1)
            c->nc[dim] = 1;
        c->width[dim] = extent / c->nc[dim];
        c->origin[dim] = d->lo[dim] - range;
        c->ncells *= c->nc[dim];
    }
    c->head = malloc((size_t)c->ncells * sizeof(int));
    c->next = NULL;
    c->cap_next = 0;
    if (c->head == NULL) {
        fprintf(stderr, "md: out of memory for %d cells\n", c->ncells);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
}

void cells_free(Cells *c) {
    free(c->head);
    free(c->next);
    c->head = c->next = NULL;
}

static int cell_coord(const Cells *c, int dim, double x) {
    int k = (int)floor((x - c->origin[dim]) / c->width[dim]);
    /* Rounding at the outer edge of the ghost shell: clamp into the grid. */
    if (k < 0)
        k = 0;
    if (k >= c->nc[dim])
        k = c->nc[dim] - 1;
    return k;
}

static int cell_of(const Cells *c, const double *x) {
    int kx = cell_coord(c, 0, x[0]), ky = cell_coord(c, 1, x[1]), kz = cell_coord(c, 2, x[2]);
    return (kz * c->nc[1] + ky) * c->nc[0] + kx;
}

/* Puts every atom, owned and ghost, at the head of its cell's list. */
void bin_atoms(Cells *c, const Atoms *a) {
    if (a->nall > c->cap_next) {
        int n = c->cap_next > 0 ? c->cap_next : 256;
        while (n < a->nall)
            n *= 2;
        c->next = realloc(c->next, (size_t)n * sizeof(int));
        if (c->next == NULL) {
            fprintf(stderr, "md: out of memory for the cell lists\n");
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        c->cap_next = n;
    }
    for (int k = 0; k < c->ncells; k++)
        c->head[k] = -1;
    /* Backwards, so each list runs in increasing atom order. */
    for (int i = a->nall - 1; i >= 0; i--) {
        int k = cell_of(c, &a->x[3 * i]);
        c->next[i] = c->head[k];
        c->head[k] = i;
    }
}


void neighbors_init(Neighbors *n) {
    n->count = NULL;
    n->list = NULL;
    n->max_per_atom = 64;
    n->cap_atoms = 0;
    n->builds = 0;
}

void neighbors_free(Neighbors *n) {
    free(n->count);
    free(n->list);
    neighbors_init(n);
}

static void neighbors_reserve(Neighbors *n, int atoms) {
    if (atoms <= n->cap_atoms && n->list != NULL)
        return;
    int cap = n->cap_atoms > atoms ? n->cap_atoms : atoms + atoms / 4 + 16;
    free(n->count);
    free(n->list);
    n->count = malloc((size_t)cap * sizeof(int));
    n->list = malloc((size_t)cap * (size_t)n->max_per_atom * sizeof(int));
    if (n->count == NULL || n->list == NULL) {
        fprintf(stderr, "md: out of memory for %d neighbor lists of %d\n", cap, n->max_per_atom);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    n->cap_atoms = cap;
}

/* Collects the neighbors of every owned atom; when an atom has more than a
 * list holds, the lists grow and the build starts again. */
void build_neighbors(Neighbors *n, const Atoms *a, const Cells *c, double range) {
    double range2 = range * range;
    int overflow;
    n->builds++;
    do {
        overflow = 0;
        neighbors_reserve(n, a->nlocal);
        for (int i = 0; i < a->nlocal && !overflow; i++) {
            const double *xi = &a->x[3 * i];
            int *mine = &n->list[(size_t)i * n->max_per_atom], count = 0;
            int kx = cell_coord(c, 0, xi[0]), ky = cell_coord(c, 1, xi[1]),
                kz = cell_coord(c, 2, xi[2]);
            for (int dz = -1; dz <= 1; dz++) {
                int z = kz + dz;
                if (z < 0 || z >= c->nc[2])
                    continue;
                for (int dy = -1; dy <= 1; dy++) {
                    int y = ky + dy;
                    if (y < 0 || y >= c->nc[1])
                        continue;
                    for (int dx = -1; dx <= 1; dx++) {
                        int x = kx + dx;
                        if (x < 0 || x >= c->nc[0])
                            continue;
                        for (int j = c->head[(z * c->nc[1] + y) * c->nc[0] + x]; j >= 0;
                             j = c->next[j]) {
                            /* Owned pairs once (j > i), ghosts always. */
                            if (j <= i)
                                continue;
                            double rx = xi[0] - a->x[3 * j];
                            double ry = xi[1] - a->x[3 * j + 1];
                            double rz = xi[2] - a->x[3 * j + 2];
                            if (rx * rx + ry * ry + rz * rz >= range2)
                                continue;
                            if (count == n->max_per_atom) {
                                overflow = 1;
                                break;
                            }
                            mine[count++] = j;
                        }
                    }
                }
            }
            n->count[i] = count;
        }
        if (overflow) {
            /* Reallocate on the next round with twice the room. */
            n->max_per_atom *= 2;
            n->cap_atoms = 0;
        }
    } while (overflow);
}
