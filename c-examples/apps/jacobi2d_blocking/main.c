/* RUN: -n 2..4
 * EXPECT: error buffering-hazard
 * SOURCES: halo.c io.c
 * The 2-D Jacobi solver of ../jacobi2d/ after a "simplification" of its halo
 * exchange (halo.c): the four MPI_Sendrecv became four blocking MPI_Send
 * followed by the four MPI_Recv, with the right tags. The tests pass: MPICH
 * sends a message of a few KB eagerly, before the receive is posted, so the
 * sends return. With N = 2048 a row is 16 KB, MPICH switches to the
 * rendezvous protocol, every rank waits in its first MPI_Send for a receive
 * its neighbour will post only after its own sends, and the run hangs
 * (`mpiexec -n 2 ./jacobi2d_blocking 2048 10`). The check reports it at the
 * small verification size already: the exchange deadlocks as soon as standard
 * sends are not buffered, with the cycle of ranks waiting in MPI_Send.
 *
 * usage: mpiexec -n P ./jacobi2d_blocking [N [MAXITER [TOL]]]
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

static double *alloc_field(int rows, int cols) {
    double *f = calloc((size_t)rows * (size_t)cols, sizeof(double));
    if (f == NULL) {
        fprintf(stderr, "out of memory (%d x %d doubles)\n", rows, cols);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return f;
}

/* Dirichlet values in the ghost cells that lie on the domain's edge. */
static void set_boundary(const Grid *g, double *f) {
    if (g->north == MPI_PROC_NULL)
        for (int j = 0; j < g->ny + 2; j++)
            f[IDX(g, 0, j)] = TOP_VALUE;
    if (g->south == MPI_PROC_NULL)
        for (int j = 0; j < g->ny + 2; j++)
            f[IDX(g, g->nx + 1, j)] = 0.0;
    if (g->west == MPI_PROC_NULL)
        for (int i = 1; i <= g->nx; i++)
            f[IDX(g, i, 0)] = 0.0;
    if (g->east == MPI_PROC_NULL)
        for (int i = 1; i <= g->nx; i++)
            f[IDX(g, i, g->ny + 1)] = 0.0;
}

static void grid_init(Grid *g, const Params *p) {
    int periods[2] = {0, 0};
    MPI_Comm_size(MPI_COMM_WORLD, &g->size);
    g->dims[0] = g->dims[1] = 0;
    MPI_Dims_create(g->size, 2, g->dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, g->dims, periods, 1, &g->cart);
    MPI_Comm_rank(g->cart, &g->rank);
    MPI_Cart_coords(g->cart, g->rank, 2, g->coords);
    MPI_Cart_shift(g->cart, 0, 1, &g->north, &g->south);
    MPI_Cart_shift(g->cart, 1, 1, &g->west, &g->east);

    if (p->n < g->dims[0] || p->n < g->dims[1]) {
        if (g->rank == 0)
            fprintf(stderr, "N = %d is too small for a %d x %d process grid\n", p->n, g->dims[0],
                    g->dims[1]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    block_range(p->n, g->dims[0], g->coords[0], &g->x0, &g->nx);
    block_range(p->n, g->dims[1], g->coords[1], &g->y0, &g->ny);
    g->u = alloc_field(g->nx + 2, g->ny + 2);
    g->unew = alloc_field(g->nx + 2, g->ny + 2);
    set_boundary(g, g->u);
    set_boundary(g, g->unew);
    halo_setup(g);
}

static void grid_free(Grid *g) {
    halo_free(g);
    free(g->u);
    free(g->unew);
    MPI_Comm_free(&g->cart);
}

/* One Jacobi sweep over my interior; returns the local squared update. */
static double sweep(const Grid *g, const double *u, double *unew) {
    double diff = 0.0;
    for (int i = 1; i <= g->nx; i++) {
        for (int j = 1; j <= g->ny; j++) {
            double v = 0.25 * (u[IDX(g, i - 1, j)] + u[IDX(g, i + 1, j)] + u[IDX(g, i, j - 1)] +
                               u[IDX(g, i, j + 1)]);
            double d = v - u[IDX(g, i, j)];
            diff += d * d;
            unew[IDX(g, i, j)] = v;
        }
    }
    return diff;
}

/* The same iteration on one process, for the check on rank 0: (n+2)^2 with
 * the boundary in the outer ring. Returns the n x n interior in `out`. */
static void serial_jacobi(int n, int iters, double *out) {
    int w = n + 2;
    double *u = calloc((size_t)w * w, sizeof(double));
    double *v = calloc((size_t)w * w, sizeof(double));
    assert(u != NULL && v != NULL);
    for (int j = 0; j < w; j++)
        u[j] = v[j] = TOP_VALUE;
    for (int k = 0; k < iters; k++) {
        for (int i = 1; i <= n; i++)
            for (int j = 1; j <= n; j++)
                v[i * w + j] = 0.25 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] +
                                       u[i * w + j - 1] + u[i * w + j + 1]);
        double *t = u;
        u = v;
        v = t;
    }
    for (int i = 0; i < n; i++)
        memcpy(&out[i * n], &u[(i + 1) * w + 1], (size_t)n * sizeof(double));
    free(u);
    free(v);
}

int main(int argc, char **argv) {
    Params p;
    Grid g;
    int wrank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    if (parse_args(argc, argv, &p, wrank) != 0) {
        MPI_Finalize();
        return 1;
    }
    grid_init(&g, &p);

    double t0 = MPI_Wtime();
    double resid = 0.0, first = -1.0;
    int iter = 0;
    halo_exchange(&g, g.u);
    while (iter < p.maxiter) {
        double local = sweep(&g, g.u, g.unew), global;
        double *t = g.u;
        g.u = g.unew;
        g.unew = t;
        iter++;
        halo_exchange(&g, g.u);
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, g.cart);
        resid = sqrt(global);
        if (first < 0.0)
            first = resid;
        if (resid < p.tol)
            break;
    }
    double elapsed = MPI_Wtime() - t0;

    /* Jacobi's update norm never grows on this problem */
    assert(resid <= first);

    double *field = NULL, *ref = NULL;
    if (g.rank == 0) {
        field = malloc((size_t)p.n * p.n * sizeof(double));
        ref = malloc((size_t)p.n * p.n * sizeof(double));
        if (field == NULL || ref == NULL) {
            fprintf(stderr, "out of memory for the %d x %d check\n", p.n, p.n);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    if (gather_field(&g, p.n, field) != 0)
        MPI_Abort(MPI_COMM_WORLD, 3);
    report(&g, &p, iter, resid, elapsed);
    if (g.rank == 0) {
        serial_jacobi(p.n, iter, ref);
        double maxerr = 0.0, center = field[(p.n / 2) * p.n + p.n / 2];
        for (int k = 0; k < p.n * p.n; k++)
            maxerr = fmax(maxerr, fabs(field[k] - ref[k]));
        printf("  u(center) = %.6f, max |parallel - serial| = %.1e\n", center, maxerr);
        assert(maxerr == 0.0);
        free(field);
        free(ref);
    }
    grid_free(&g);
    MPI_Finalize();
    return 0;
}
