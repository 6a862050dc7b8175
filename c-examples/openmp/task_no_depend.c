/* RUN: -n 2
 * EXPECT: error data-race
 * task_depend_ok.c without its `depend` clauses: the three tasks are
 * siblings that nothing orders (OpenMP 5.2 §12.5: a deferred task may run
 * at any task scheduling point, on any thread of the team), so the second
 * task may read `a` while the first still writes it; the `taskwait` only
 * orders them all before what follows it.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 32
static double a[N], b[N];

int main(int argc, char **argv) {
    int rank, size, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double sum = 0;
    #pragma omp parallel shared(sum)
    #pragma omp single
    {
        #pragma omp task
        for (int i = 0; i < N; i++)
            a[i] = rank + i;
        #pragma omp task
        for (int i = 0; i < N; i++)
            b[i] = 2 * a[i];
        #pragma omp task
        for (int i = 0; i < N; i++)
            sum += b[i];
        #pragma omp taskwait
    }
    double total;
    MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    /* 2 * sum over ranks r and i of (r + i). */
    assert(total == 2.0 * (N * (size * (size - 1) / 2) + size * (N * (N - 1) / 2)));
    MPI_Finalize();
    return 0;
}
