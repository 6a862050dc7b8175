/* comm.c: moving atoms between ranks. When the neighbor lists are rebuilt,
 * atoms that left the subdomain migrate to the neighbor that owns them now,
 * and every rank receives copies (ghost atoms) of the neighbors' atoms
 * within cutoff + skin of its boundary. Both sweep the dimensions in order
 * x, y, z: an atom that crossed a corner hops twice, and ghosts received
 * along x are forwarded along y and z, so the edge and corner regions are
 * filled without diagonal messages (the usual scheme of spatial
 * decomposition MD codes). Each hop is two MPI_Sendrecv (MPI 3.1 §3.10):
 * the count first, then the data, so the receiver knows how much comes.
 * Between two builds the same atoms go to the same neighbors: only their new
 * positions travel, straight into the ghost slots, with the counts of the
 * build. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md.h"

/* Message tags, one per kind and direction: with two ranks along a
 * dimension both neighbors are the same rank, and the two directions must
 * not match each other's messages. The swap's own tag is added below. */
enum {
    TAG_MIGRATE_COUNT = 100,
    TAG_MIGRATE_DATA = 110,
    TAG_GHOST_COUNT = 200,
    TAG_GHOST_DATA = 210,
    TAG_POSITIONS = 300
};

/* A migrating atom travels as id, position and velocity; a new ghost as id
 * and position; an update of a ghost as its position. Ids go as doubles:
 * exact below 2^53. */
#define MIGRATE_DOUBLES 7
#define GHOST_DOUBLES 4

void comm_init(CommBuffers *cb, const Domain *d) {
    memset(cb, 0, sizeof *cb);
    for (int dim = 0; dim < 3; dim++) {
        Swap *lo = &cb->swaps[2 * dim], *hi = &cb->swaps[2 * dim + 1];
        /* Swap 2 dim: down to the lower neighbor, up from the upper one. */
        lo->dim = dim;
        lo->to = d->nbr_lo[dim];
        lo->from = d->nbr_hi[dim];
        lo->tag = 2 * dim;
        /* A rank at the low end sends to the high end of the box: the
         * copies' coordinates go up by one box length. */
        lo->shift = d->coords[dim] == 0 ? d->len : 0.0;
        /* Swap 2 dim + 1: up to the upper neighbor, down from the lower. */
        hi->dim = dim;
        hi->to = d->nbr_hi[dim];
        hi->from = d->nbr_lo[dim];
        hi->tag = 2 * dim + 1;
        hi->shift = d->coords[dim] == d->dims[dim] - 1 ? -d->len : 0.0;
    }
}

void comm_free(CommBuffers *cb) {
    for (int s = 0; s < NSWAPS; s++)
        free(cb->swaps[s].list);
    free(cb->send);
    free(cb->recv);
    memset(cb, 0, sizeof *cb);
}

static void grow(double **buf, int *cap, int need) {
    if (need <= *cap)
        return;
    int n = *cap > 0 ? *cap : 256;
    while (n < need)
        n *= 2;
    *buf = realloc(*buf, (size_t)n * sizeof(double));
    if (*buf == NULL) {
        fprintf(stderr, "md: out of memory for a %d-double message\n", n);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    *cap = n;
}

static void list_append(Swap *s, int i) {
    if (s->nsend == s->cap) {
        s->cap = s->cap > 0 ? 2 * s->cap : 256;
        s->list = realloc(s->list, (size_t)s->cap * sizeof(int));
        if (s->list == NULL) {
            fprintf(stderr, "md: out of memory for a send list\n");
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
    }
    s->list[s->nsend++] = i;
}

/* Sends n atoms of per_atom doubles (packed in cb->send) over swap s and
 * receives the opposite neighbor's into cb->recv; returns how many came. */
static int swap_atoms(const Domain *d, CommBuffers *cb, const Swap *s, int n, int per_atom,
                      int count_tag, int data_tag) {
    int incoming = 0;
    MPI_Sendrecv(&n, 1, MPI_INT, s->to, count_tag + s->tag, &incoming, 1, MPI_INT, s->from,
                 count_tag + s->tag, d->cart, MPI_STATUS_IGNORE);
    grow(&cb->recv, &cb->cap_recv, incoming * per_atom);
    MPI_Sendrecv(cb->send, n * per_atom, MPI_DOUBLE, s->to, data_tag + s->tag, cb->recv,
                 incoming * per_atom, MPI_DOUBLE, s->from, data_tag + s->tag, d->cart,
                 MPI_STATUS_IGNORE);
    return incoming;
}

/* Removes owned atom i by moving the last owned atom into its place. */
static void remove_atom(Atoms *a, int i) {
    int last = a->nlocal - 1;
    if (i != last) {
        a->id[i] = a->id[last];
        memcpy(&a->x[3 * i], &a->x[3 * last], 3 * sizeof(double));
        memcpy(&a->v[3 * i], &a->v[3 * last], 3 * sizeof(double));
    }
    a->nlocal--;
}

void migrate_atoms(Atoms *a, const Domain *d, CommBuffers *cb) {
    /* The ghosts are rebuilt after migration: drop them. */
    a->nall = a->nlocal;
    for (int k = 0; k < NSWAPS; k++) {
        const Swap *s = &cb->swaps[k];
        int dim = s->dim, down = (k % 2 == 0), n = 0, i = 0;
        while (i < a->nlocal) {
            double xd = a->x[3 * i + dim];
            if (down ? xd < d->lo[dim] : xd >= d->hi[dim]) {
                grow(&cb->send, &cb->cap_send, (n + 1) * MIGRATE_DOUBLES);
                double *buf = cb->send + (size_t)n * MIGRATE_DOUBLES;
                buf[0] = (double)a->id[i];
                for (int c = 0; c < 3; c++) {
                    buf[1 + c] = a->x[3 * i + c] + (c == dim ? s->shift : 0.0);
                    buf[4 + c] = a->v[3 * i + c];
                }
                n++;
                remove_atom(a, i);
            } else {
                i++;
            }
        }
        cb->migrated += n;

        int incoming =
            swap_atoms(d, cb, s, n, MIGRATE_DOUBLES, TAG_MIGRATE_COUNT, TAG_MIGRATE_DATA);
        atoms_reserve(a, a->nlocal + incoming);
        for (int m = 0; m < incoming; m++) {
            const double *buf = cb->recv + (size_t)m * MIGRATE_DOUBLES;
            int j = a->nlocal++;
            a->id[j] = (int)buf[0];
            memcpy(&a->x[3 * j], &buf[1], 3 * sizeof(double));
            memcpy(&a->v[3 * j], &buf[4], 3 * sizeof(double));
        }
        a->nall = a->nlocal;
        /* After both directions of a dimension every owned atom is inside
         * along it: an atom moves far less than a subdomain between two
         * builds, so one hop brings it home. */
        if (!down)
            for (int j = 0; j < a->nlocal; j++)
                assert(a->x[3 * j + dim] >= d->lo[dim] && a->x[3 * j + dim] < d->hi[dim]);
    }
}

void build_ghosts(Atoms *a, const Domain *d, CommBuffers *cb, double range) {
    int limit = a->nall = a->nlocal;
    for (int k = 0; k < NSWAPS; k++) {
        Swap *s = &cb->swaps[k];
        int dim = s->dim, down = (k % 2 == 0);
        /* Both directions of a dimension send from the atoms present before
         * it: owned ones and the ghosts of the earlier dimensions. */
        if (down)
            limit = a->nall;
        s->nsend = 0;
        for (int i = 0; i < limit; i++) {
            double xd = a->x[3 * i + dim];
            if (down ? xd < d->lo[dim] + range : xd >= d->hi[dim] - range) {
                grow(&cb->send, &cb->cap_send, (s->nsend + 1) * GHOST_DOUBLES);
                double *buf = cb->send + (size_t)s->nsend * GHOST_DOUBLES;
                buf[0] = (double)a->id[i];
                for (int c = 0; c < 3; c++)
                    buf[1 + c] = a->x[3 * i + c] + (c == dim ? s->shift : 0.0);
                list_append(s, i);
            }
        }
        s->nrecv = swap_atoms(d, cb, s, s->nsend, GHOST_DOUBLES, TAG_GHOST_COUNT, TAG_GHOST_DATA);
        s->first = a->nall;
        atoms_reserve(a, a->nall + s->nrecv);
        for (int m = 0; m < s->nrecv; m++) {
            const double *buf = cb->recv + (size_t)m * GHOST_DOUBLES;
            int j = a->nall++;
            a->id[j] = (int)buf[0];
            memcpy(&a->x[3 * j], &buf[1], 3 * sizeof(double));
        }
    }
    if (a->nall - a->nlocal > cb->ghosts_max)
        cb->ghosts_max = a->nall - a->nlocal;
}

/* The steps between builds: the same atoms in the same order, positions
 * only, received straight into the ghost slots of each swap. */
void update_ghosts(Atoms *a, const Domain *d, CommBuffers *cb) {
    for (int k = 0; k < NSWAPS; k++) {
        const Swap *s = &cb->swaps[k];
        grow(&cb->send, &cb->cap_send, 3 * s->nsend);
        for (int m = 0; m < s->nsend; m++) {
            const double *x = &a->x[3 * s->list[m]];
            for (int c = 0; c < 3; c++)
                cb->send[3 * m + c] = x[c] + (c == s->dim ? s->shift : 0.0);
        }
        MPI_Sendrecv(cb->send, 3 * s->nsend, MPI_DOUBLE, s->to, TAG_POSITIONS + s->tag,
                     &a->x[3 * s->first], 3 * s->nrecv, MPI_DOUBLE, s->from,
                     TAG_POSITIONS + s->tag, d->cart, MPI_STATUS_IGNORE);
    }
}
