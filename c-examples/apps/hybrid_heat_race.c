/* RUN: -n 2
 * EXPECT: error data-race
 * The hybrid heat solver of hybrid_heat/ boiled down to one file, with the
 * most common OpenMP bug in such codes: the convergence test's maximum is
 * computed in a `parallel for` without a `reduction` clause. `diff` is
 * declared outside the loop, so it is shared, and every thread reads and
 * writes it (`if (d > diff) diff = d;`) while the others do: a data race
 * (OpenMP 5.2 §1.4.1), whose usual outcome is a lost update, a maximum that
 * is some thread's own and not the process's, so that the solver stops too
 * early or too late depending on the timing. The MPI side is right (halo
 * rows by MPI_Sendrecv from the main thread, outside the parallel regions,
 * under MPI_THREAD_FUNNELED; MPI_Allreduce of the change): the checker runs
 * each region as a team of two threads and reports the read of `diff` by the
 * second thread against the first thread's write, with no barrier or
 * critical section between them.
 *
 * The fix: `#pragma omp parallel for collapse(2) reduction(max : diff)`,
 * as hybrid_heat/kernel.c has it.
 *
 * usage: OMP_NUM_THREADS=T mpiexec -n P ./hybrid_heat_race
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef MPI_VERIFY
#define N 8
#define STEPS 3
#else
#define N 256
#define STEPS 500
#endif
#define TOP_VALUE 64.0

#define AT(f, i, j) (f)[(i) * (N + 2) + (j)]

/* Exchange ghost rows 0 and nx + 1 with the neighbours (main thread only). */
static void halo(double *f, int nx, int up, int down, MPI_Comm comm) {
    MPI_Sendrecv(&AT(f, 1, 0), N + 2, MPI_DOUBLE, up, 0, &AT(f, nx + 1, 0), N + 2, MPI_DOUBLE,
                 down, 0, comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&AT(f, nx, 0), N + 2, MPI_DOUBLE, down, 1, &AT(f, 0, 0), N + 2, MPI_DOUBLE,
                 up, 1, comm, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    if (provided < MPI_THREAD_FUNNELED)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (N % size != 0) {
        if (rank == 0)
            fprintf(stderr, "%d processes do not divide %d rows\n", size, N);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int nx = N / size;
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    double *u = malloc((size_t)(nx + 2) * (N + 2) * sizeof(double));
    double *unew = malloc((size_t)(nx + 2) * (N + 2) * sizeof(double));
    #pragma omp parallel for
    for (int i = 0; i < nx + 2; i++)
        for (int j = 0; j < N + 2; j++)
            AT(u, i, j) = AT(unew, i, j) =
                (rank == 0 && i == 0 && j >= 1 && j <= N) ? TOP_VALUE : 0.0;

    double change = 0.0, first = 0.0;
    for (int step = 0; step < STEPS; step++) {
        halo(u, nx, up, down, MPI_COMM_WORLD);

        double diff = 0.0;
        #pragma omp parallel for collapse(2)      /* BUG: no reduction(max : diff) */
        for (int i = 1; i <= nx; i++)
            for (int j = 1; j <= N; j++) {
                AT(unew, i, j) = 0.25 * (AT(u, i - 1, j) + AT(u, i + 1, j) +
                                         AT(u, i, j - 1) + AT(u, i, j + 1));
                double d = fabs(AT(unew, i, j) - AT(u, i, j));
                if (d > diff)
                    diff = d;
            }
        MPI_Allreduce(&diff, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if (step == 0)
            first = change;
        double *t = u;
        u = unew;
        unew = t;
    }

    /* The first sweep moves the cells under the top edge from 0 to
     * TOP_VALUE / 4, and nothing moves more, ever after. */
    assert(first == TOP_VALUE / 4);
    assert(change > 0.0 && change < first);
    if (rank == 0)
        printf("%d sweeps on %d processes x %d threads: first change %g, last %g\n", STEPS,
               size, omp_get_max_threads(), first, change);
    free(u);
    free(unew);
    MPI_Finalize();
    return 0;
}
