/* io.c -- command line, block sizes, gathering and printing the result of the
 * 2-D Jacobi solver (a part of main.c, named on its SOURCES: line). */
#include <stdio.h>
#include <stdlib.h>

#include "grid.h"

static void usage(const char *prog) {
    fprintf(stderr, "usage: %s [N [MAXITER [TOL]]]\n", prog);
    fprintf(stderr, "  N        interior points per side (default %d)\n", DEFAULT_N);
    fprintf(stderr, "  MAXITER  iteration limit (default %d)\n", DEFAULT_MAXITER);
    fprintf(stderr, "  TOL      stop when the update's L2 norm drops below (default %g)\n",
            DEFAULT_TOL);
}

/* Returns 0 on success; every rank parses the same argv. */
int parse_args(int argc, char **argv, Params *p, int rank) {
    char *end;
    p->n = DEFAULT_N;
    p->maxiter = DEFAULT_MAXITER;
    p->tol = DEFAULT_TOL;
    if (argc > 1) {
        long v = strtol(argv[1], &end, 10);
        if (*end != '\0' || v < 2 || v > 100000) {
            if (rank == 0) {
                fprintf(stderr, "bad N '%s'\n", argv[1]);
                usage(argv[0]);
            }
            return 1;
        }
        p->n = (int)v;
    }
    if (argc > 2) {
        long v = strtol(argv[2], &end, 10);
        if (*end != '\0' || v < 1) {
            if (rank == 0) {
                fprintf(stderr, "bad MAXITER '%s'\n", argv[2]);
                usage(argv[0]);
            }
            return 1;
        }
        p->maxiter = (int)v;
    }
    if (argc > 3) {
        double v = strtod(argv[3], &end);
        if (*end != '\0' || v <= 0.0) {
            if (rank == 0) {
                fprintf(stderr, "bad TOL '%s'\n", argv[3]);
                usage(argv[0]);
            }
            return 1;
        }
        p->tol = v;
    }
    return 0;
}

/* Block distribution of n items over parts: the first n % parts get one more. */
void block_range(int n, int parts, int index, int *start, int *count) {
    int base = n / parts, extra = n % parts;
    *count = base + (index < extra ? 1 : 0);
    *start = index * base + (index < extra ? index : extra);
}

/* Collects every block's interior into the n x n array `global` on rank 0 of
 * the Cartesian communicator (ignored elsewhere). Each rank packs its
 * interior into a contiguous buffer; rank 0 receives them one by one and
 * places each by the sender's coordinates. Returns 0 on success. */
int gather_field(const Grid *g, int n, double *global) {
    const int TAG_BLOCK = 20;
    int count = g->nx * g->ny;
    double *pack = malloc((size_t)(count > 0 ? count : 1) * sizeof(double));
    if (pack == NULL)
        return 1;
    for (int i = 0; i < g->nx; i++)
        for (int j = 0; j < g->ny; j++)
            pack[i * g->ny + j] = g->u[IDX(g, i + 1, j + 1)];

    if (g->rank != 0) {
        MPI_Send(pack, count, MPI_DOUBLE, 0, TAG_BLOCK, g->cart);
        free(pack);
        return 0;
    }
    int maxcount = (n / g->dims[0] + 1) * (n / g->dims[1] + 1);
    double *buf = malloc((size_t)maxcount * sizeof(double));
    if (buf == NULL) {
        free(pack);
        return 1;
    }
    for (int r = 0; r < g->size; r++) {
        int c[2], x0, nx, y0, ny;
        MPI_Cart_coords(g->cart, r, 2, c);
        block_range(n, g->dims[0], c[0], &x0, &nx);
        block_range(n, g->dims[1], c[1], &y0, &ny);
        const double *src = pack;
        if (r != 0) {
            MPI_Status st;
            int got;
            MPI_Recv(buf, maxcount, MPI_DOUBLE, r, TAG_BLOCK, g->cart, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &got);
            if (got != nx * ny) {
                fprintf(stderr, "block of rank %d: %d values, expected %d\n", r, got, nx * ny);
                free(buf);
                free(pack);
                return 1;
            }
            src = buf;
        }
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < ny; j++)
                global[(x0 + i) * n + (y0 + j)] = src[i * ny + j];
    }
    free(buf);
    free(pack);
    return 0;
}

void report(const Grid *g, const Params *p, int iters, double resid, double elapsed) {
    if (g->rank != 0)
        return;
    printf("jacobi2d: %d x %d points on %d x %d processes\n", p->n, p->n, g->dims[0],
           g->dims[1]);
    printf("  %d iterations, residual %.3e (tol %.1e)%s\n", iters, resid, p->tol,
           resid < p->tol ? ", converged" : ", iteration limit reached");
#ifndef MPI_VERIFY
    printf("  %.3f s\n", elapsed);
#else
    (void)elapsed;
#endif
}
