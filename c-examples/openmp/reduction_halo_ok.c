/* RUN: -n 2..3
 * EXPECT: verified
 * A hybrid step as most MPI + OpenMP codes write it: the main thread
 * exchanges boundary values (MPI_THREAD_FUNNELED is enough), then a team of
 * threads updates the interior with `parallel for` (static schedule, with
 * and without a chunk) and sums a residual with a `reduction` clause, and
 * the main thread combines the residuals with MPI_Allreduce. Every thread
 * writes only its own iterations' cells, so there is no race, and the sum
 * is exact (integers).
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 24

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    long u[N + 2], v[N + 2];
    #pragma omp parallel for
    for (int i = 0; i < N + 2; i++)
        u[i] = v[i] = rank * N + i;

    MPI_Sendrecv(&u[N], 1, MPI_LONG, right, 0, &u[0], 1, MPI_LONG, left, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[1], 1, MPI_LONG, left, 1, &u[N + 1], 1, MPI_LONG, right, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    long residual = 0;
    #pragma omp parallel for reduction(+:residual)
    for (int i = 1; i <= N; i++) {
        v[i] = u[i - 1] + u[i + 1];
        residual += v[i] - 2 * u[i];
    }
    #pragma omp parallel for schedule(static, 5)
    for (int i = 1; i <= N; i++)
        u[i] = v[i] / 2;

    long total;
    MPI_Allreduce(&residual, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    /* A linear profile (across the ranks too) has no residual, and the
     * update leaves it as it was. */
    assert(total == 0);
    for (int i = 1; i <= N; i++)
        assert(u[i] == rank * N + i);
    if (rank == 0)
        printf("residual %ld with %d threads\n", total, omp_get_max_threads());
    MPI_Finalize();
    return 0;
}
