/* RUN: -n 2
 * EXPECT: verified
 * A `taskloop` inside `single` scales this rank's block while the other
 * threads of the team take its tasks; each iteration writes only its own
 * element, so however the runtime cuts the iterations into tasks
 * (`grainsize(4)`: from 4 to 7 iterations a task, OpenMP 5.2 §12.6) no two
 * tasks touch the same memory. The taskloop's implicit taskgroup makes
 * every task complete before the block is used for MPI_Allreduce.
 * taskloop_shared_sum.c sums into one variable from the tasks.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 24

int main(int argc, char **argv) {
    int rank, size;
    double x[N], scale = 0.5;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < N; i++)
        x[i] = rank + i;
    #pragma omp parallel shared(x)
    #pragma omp single
    {
        #pragma omp taskloop grainsize(4) firstprivate(scale)
        for (int i = 0; i < N; i++)
            x[i] *= scale;
        /* The tasks completed at the end of the taskloop. */
        x[0] += 1;
    }
    double y[N];
    MPI_Allreduce(x, y, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 1; i < N; i++)
        assert(y[i] == 0.5 * (size * i + size * (size - 1) / 2));
    assert(y[0] == 0.5 * (size * (size - 1) / 2) + size);
    MPI_Finalize();
    return 0;
}
