/* RUN: -n 2..4
 * EXPECT: verified
 * SOURCES: halo.c kernel.c
 * Hybrid MPI + OpenMP heat equation (Jacobi sweeps of the 2-D Laplacian) on
 * the unit square, split the way such solvers are: main.c (set-up, the time
 * loop, the check), halo.c (ghost-row exchange), kernel.c (the thread-parallel
 * loops) and heat.h. Blocks of whole rows over a 1-D MPI_Cart_create; MPI is
 * initialized with MPI_THREAD_FUNNELED. One `omp parallel` region spans the
 * whole time loop: in each step the master thread exchanges the ghost rows
 * (Irecv/Isend/Waitall) and a barrier publishes them, then every thread
 * sweeps its share of the rows (`omp for collapse(2)` with a
 * `reduction(max:)` of the change), the master thread combines the changes
 * with MPI_Allreduce(MPI_MAX) and a barrier publishes the global change, on
 * which all threads decide together whether to stop. At the end the interior
 * sums (`reduction(+:)`, then MPI_Allreduce) and the gathered field are
 * compared with a serial recomputation on rank 0: the field must agree to
 * the last bit, and so must the sum, since under MPI_VERIFY every value is a
 * multiple of 2^-2k after k sweeps and every sum of them is exact. The check
 * runs each region as a team of two threads at np 2, 3 and 4 (12x12 points,
 * 6 sweeps under MPI_VERIFY) and finds no data race between the threads, no
 * MPI call off the master thread, no deadlock, and the assertions hold.
 *
 * usage: OMP_NUM_THREADS=T mpiexec -n P ./hybrid_heat [N [STEPS [TOL]]]
 */
#include <assert.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heat.h"

static int parse_args(int argc, char **argv, Params *p) {
    char *end;
    p->n = DEFAULT_N;
    p->steps = DEFAULT_STEPS;
    p->tol = DEFAULT_TOL;
    if (argc > 1) {
        long v = strtol(argv[1], &end, 10);
        if (*end != '\0' || v < 1 || v > 100000)
            return 1;
        p->n = (int)v;
    }
    if (argc > 2) {
        long v = strtol(argv[2], &end, 10);
        if (*end != '\0' || v < 0 || v > 10000000)
            return 1;
        p->steps = (int)v;
    }
    if (argc > 3) {
        p->tol = strtod(argv[3], &end);
        if (*end != '\0' || p->tol < 0)
            return 1;
    }
    return 0;
}

static double *alloc_field(int rows, int cols) {
    double *f = malloc((size_t)rows * (size_t)cols * sizeof(double));
    if (f == NULL) {
        fprintf(stderr, "out of memory (%d x %d doubles)\n", rows, cols);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return f;
}

static void grid_setup(Grid *g, const Params *p) {
    int dims[1] = {0}, periods[1] = {0};
    MPI_Comm_size(MPI_COMM_WORLD, &g->size);
    MPI_Dims_create(g->size, 1, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &g->comm);
    MPI_Comm_rank(g->comm, &g->rank);
    MPI_Cart_shift(g->comm, 0, 1, &g->north, &g->south);

    int base = p->n / g->size, extra = p->n % g->size;
    g->n = p->n;
    g->nx = base + (g->rank < extra ? 1 : 0);
    g->row0 = 1 + g->rank * base + (g->rank < extra ? g->rank : extra);
    g->u = alloc_field(g->nx + 2, g->n + 2);
    g->unew = alloc_field(g->nx + 2, g->n + 2);
}

/* The time loop; returns the number of sweeps done, *change the last global
 * change. */
static int solve(Grid *g, const Params *p, double *change) {
    double global = 0.0;
    int done = 0;

    #pragma omp parallel
    {
        double *u = g->u, *unew = g->unew;   /* each thread's own pair */
        field_init(g, u);
        field_init(g, unew);

        for (int step = 0; step < p->steps; step++) {
            #pragma omp master
            halo_exchange(g, u);
            #pragma omp barrier

            double mine = sweep(g, u, unew);

            #pragma omp master
            {
                MPI_Allreduce(&mine, &global, 1, MPI_DOUBLE, MPI_MAX, g->comm);
                done = step + 1;
            }
            #pragma omp barrier

            double *t = u;
            u = unew;
            unew = t;
            if (global < p->tol)
                break;
        }
    }
    if (done % 2 == 1) {   /* the result is in the second field */
        double *t = g->u;
        g->u = g->unew;
        g->unew = t;
    }
    *change = global;
    return done;
}

/* Serial reference on the whole (n + 2) x (n + 2) grid: the same sweeps in
 * the same order of operations per cell, hence the same bits. */
static int reference(const Params *p, double *f, double *change) {
    int n = p->n, cols = n + 2, done = 0;
    double *g = alloc_field(n + 2, n + 2);
    for (int i = 0; i < n + 2; i++)
        for (int j = 0; j < cols; j++)
            f[i * cols + j] = g[i * cols + j] = (i == 0 && j >= 1 && j <= n) ? TOP_VALUE : 0.0;
    *change = 0.0;
    for (int step = 0; step < p->steps; step++) {
        double c = 0.0;
        for (int i = 1; i <= n; i++)
            for (int j = 1; j <= n; j++) {
                double v = 0.25 * (f[(i - 1) * cols + j] + f[(i + 1) * cols + j] +
                                   f[i * cols + j - 1] + f[i * cols + j + 1]);
                double d = v > f[i * cols + j] ? v - f[i * cols + j] : f[i * cols + j] - v;
                g[i * cols + j] = v;
                if (d > c)
                    c = d;
            }
        memcpy(f, g, (size_t)(n + 2) * (size_t)cols * sizeof(double));
        done++;
        *change = c;
        if (c < p->tol)
            break;
    }
    free(g);
    return done;
}

int main(int argc, char **argv) {
    int provided;
    Params p;
    Grid g;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    if (provided < MPI_THREAD_FUNNELED) {
        fprintf(stderr, "MPI provides thread level %d, FUNNELED needed\n", provided);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (parse_args(argc, argv, &p) != 0) {
        fprintf(stderr, "usage: %s [N [STEPS [TOL]]]\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    grid_setup(&g, &p);

    double t0 = MPI_Wtime();
    double change;
    int done = solve(&g, &p, &change);
    double elapsed = MPI_Wtime() - t0;

    /* Interior sum: a thread-parallel reduction, then one over the processes. */
    double local_sum, total;
    #pragma omp parallel
    {
        double s = field_sum(&g, g.u);
        #pragma omp master
        local_sum = s;
    }
    MPI_Allreduce(&local_sum, &total, 1, MPI_DOUBLE, MPI_SUM, g.comm);

    /* Gather the interior rows (boundary columns included) on rank 0. */
    int cols = g.n + 2;
    double *all = NULL;
    int *counts = NULL, *displs = NULL;
    if (g.rank == 0) {
        all = alloc_field(g.n + 2, cols);
        counts = malloc((size_t)g.size * sizeof(int));
        displs = malloc((size_t)g.size * sizeof(int));
    }
    int mine[2] = {g.nx * cols, g.row0 * cols};
    int *pairs = g.rank == 0 ? malloc(2 * (size_t)g.size * sizeof(int)) : NULL;
    MPI_Gather(mine, 2, MPI_INT, pairs, 2, MPI_INT, 0, g.comm);
    if (g.rank == 0)
        for (int r = 0; r < g.size; r++) {
            counts[r] = pairs[2 * r];
            displs[r] = pairs[2 * r + 1];
        }
    MPI_Gatherv(&g.u[IDX(&g, 1, 0)], g.nx * cols, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0,
                g.comm);

    if (g.rank == 0) {
        double *ref = alloc_field(g.n + 2, cols);
        double ref_change, ref_sum = 0.0;
        int ref_done = reference(&p, ref, &ref_change);
        for (int i = 1; i <= g.n; i++)
            for (int j = 1; j <= g.n; j++) {
                assert(all[i * cols + j] == ref[i * cols + j]);
                ref_sum += ref[i * cols + j];
            }
        assert(done == ref_done);
        assert(change == ref_change);
        /* Exact while the values are multiples of 2^-2k with few bits. */
        if (p.steps <= 16)
            assert(total == ref_sum);
        printf("%d x %d, %d processes x %d threads: %d sweeps, change %.3e, sum %.10g, %.3f s\n",
               g.n, g.n, g.size, omp_get_max_threads(), done, change, total, elapsed);
        free(ref);
        free(all);
        free(counts);
        free(displs);
        free(pairs);
    }
    free(g.u);
    free(g.unew);
    MPI_Comm_free(&g.comm);
    MPI_Finalize();
    return 0;
}
