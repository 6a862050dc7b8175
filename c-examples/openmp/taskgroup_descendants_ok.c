/* RUN: -n 2
 * EXPECT: verified
 * A recursive sum over a tree of tasks: each task splits its range and
 * makes a child task for each half. The main thread waits at the end of a
 * `taskgroup`, which waits for the tasks made in it and for all their
 * descendants (OpenMP 5.2 §15.4), so every partial sum is in `parts`
 * before it is added up and sent to MPI. taskwait_grandchild_race.c waits
 * with `taskwait`, which waits for child tasks only (§15.5).
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 16
static double x[N], parts[N];

static void sum_range(int lo, int hi) {
    if (hi - lo <= 4) {
        double s = 0;
        for (int i = lo; i < hi; i++)
            s += x[i];
        parts[lo] = s;
        return;
    }
    int mid = (lo + hi) / 2;
    #pragma omp task
    sum_range(lo, mid);
    #pragma omp task
    sum_range(mid, hi);
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        x[i] = rank + i;
    double local = 0, total;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup
        {
            #pragma omp task
            sum_range(0, N);
        }
        for (int i = 0; i < N; i += 4)
            local += parts[i];
    }
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    assert(total == 2 * (N * (N - 1) / 2) + N);
    MPI_Finalize();
    return 0;
}
