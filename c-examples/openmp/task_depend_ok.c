/* RUN: -n 2
 * EXPECT: verified
 * One thread makes a pipeline of three tasks inside `single`: the first
 * fills `a`, the second reads `a` and fills `b`, the third sums `b`. Any
 * thread of the team may run any of them, at any task scheduling point,
 * but their `depend` clauses order them (OpenMP 5.2 §15.9.5: a task with
 * `in` on a list item waits for the previous sibling with `out` on it),
 * and the `taskwait` makes the sum complete before the main thread hands it
 * to MPI_Allreduce after the region. task_no_depend.c drops the clauses.
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
        #pragma omp task depend(out: a)
        for (int i = 0; i < N; i++)
            a[i] = rank + i;
        #pragma omp task depend(in: a) depend(out: b)
        for (int i = 0; i < N; i++)
            b[i] = 2 * a[i];
        #pragma omp task depend(in: b)
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
