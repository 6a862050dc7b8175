/* kernel.c -- the thread-parallel loops of the hybrid heat solver (a part of
 * main.c, named on its SOURCES: line).
 *
 * These functions are called by every thread of the team that main.c's
 * parallel region makes: their `omp for` loops are orphaned worksharing
 * constructs that split the rows among the threads of the enclosing region
 * (or run whole on the calling thread when called outside one). Their
 * reduction variables are file-scope, hence shared by the team, as OpenMP
 * requires of a worksharing reduction; a `single` resets each one and its
 * implicit barrier keeps the reset ahead of every thread's contribution.
 */
#include <math.h>

#include "heat.h"

static double sweep_change;   /* largest |unew - u| of the current sweep */
static double sum_acc;        /* sum of the interior of a field */

/* Interior 0, boundary TOP_VALUE on the top edge and 0 elsewhere. Each thread
 * first touches the rows it will update (same static schedule as sweep). */
void field_init(const Grid *g, double *f) {
    int n = g->n, nx = g->nx;
    #pragma omp for schedule(static)
    for (int i = 0; i < nx + 2; i++)
        for (int j = 0; j < n + 2; j++)
            f[IDX(g, i, j)] = (g->row0 + i - 1 == 0 && j >= 1 && j <= n) ? TOP_VALUE : 0.0;
}

/* One Jacobi sweep of the interior: unew = average of u's four neighbours.
 * Returns (to every thread) the largest change of this process's cells. */
double sweep(const Grid *g, const double *u, double *unew) {
    int n = g->n, nx = g->nx;
    #pragma omp single
    sweep_change = 0.0;

    #pragma omp for collapse(2) schedule(static) reduction(max : sweep_change)
    for (int i = 1; i <= nx; i++)
        for (int j = 1; j <= n; j++) {
            double v = 0.25 * (u[IDX(g, i - 1, j)] + u[IDX(g, i + 1, j)] +
                               u[IDX(g, i, j - 1)] + u[IDX(g, i, j + 1)]);
            double d = fabs(v - u[IDX(g, i, j)]);
            unew[IDX(g, i, j)] = v;
            if (d > sweep_change)
                sweep_change = d;
        }
    /* the loop's implicit barrier has combined every thread's maximum */
    return sweep_change;
}

/* Sum of this process's interior cells, returned to every thread. */
double field_sum(const Grid *g, const double *f) {
    int n = g->n, nx = g->nx;
    #pragma omp single
    sum_acc = 0.0;

    #pragma omp for schedule(static, 2) reduction(+ : sum_acc)
    for (int i = 1; i <= nx; i++)
        for (int j = 1; j <= n; j++)
            sum_acc += f[IDX(g, i, j)];
    return sum_acc;
}
