/* RUN: -n 3
 * EXPECT: verified
 * 2-D heat with a 1-D row decomposition: each rank mallocs its rows as `double **`
 * (an array of row pointers, plus two ghost rows), exchanges ghost rows with
 * MPI_Sendrecv, and stops when the Allreduce(SUM) of squared changes, square-rooted, falls
 * under TOL. Includes a helper taking the `double **` grid and a step counter.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 2
#define COLS 5
#define TOL 1e-2
#define MAXSTEPS 40

static double **alloc_grid(int rows, int cols) {
    double **g = malloc(rows * sizeof(double *));
    for (int i = 0; i < rows; i++)
        g[i] = calloc(cols, sizeof(double));
    return g;
}

static void free_grid(double **g, int rows) {
    for (int i = 0; i < rows; i++)
        free(g[i]);
    free(g);
}

static double sweep(double **u, double **v) {
    double d2 = 0.0;
    for (int i = 1; i <= ROWS; i++)
        for (int j = 1; j < COLS - 1; j++) {
            v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
            d2 += (v[i][j] - u[i][j]) * (v[i][j] - u[i][j]);
        }
    return d2;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int up = rank == 0 ? MPI_PROC_NULL : rank - 1;
    int down = rank == size - 1 ? MPI_PROC_NULL : rank + 1;
    double **u = alloc_grid(ROWS + 2, COLS), **v = alloc_grid(ROWS + 2, COLS);
    for (int i = 0; i < ROWS + 2; i++)
        u[i][0] = v[i][0] = 1.0; /* hot left wall */

    int step = 0;
    double res = 1.0;
    while (res > TOL && step < MAXSTEPS) {
        MPI_Sendrecv(u[1], COLS, MPI_DOUBLE, up, 0, u[ROWS + 1], COLS, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(u[ROWS], COLS, MPI_DOUBLE, down, 1, u[0], COLS, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double local = sweep(u, v), global;
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        res = sqrt(global);
        double **t = u;
        u = v;
        v = t;
        step++;
    }
    if (rank == 0)
        printf("%d steps, residual %.3e, isnan %d\n", step, res, isnan(res));
    if (isnan(res) || isinf(res))
        abort();
    free_grid(u, ROWS + 2);
    free_grid(v, ROWS + 2);
    MPI_Finalize();
    return 0;
}
