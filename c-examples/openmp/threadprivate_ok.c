/* RUN: -n 2
 * EXPECT: verified
 * Each thread counts the items it processed in a `threadprivate` counter:
 * every thread has its own copy of the variable (OpenMP 5.2 §5.2), so the
 * increments of two threads touch different memory and do not race. The
 * copies keep their values into the next parallel region (same number of
 * threads, no nesting), where each thread adds its count to a shared total
 * in a critical section; the totals of the ranks are summed with MPI.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 40

static int processed;
#pragma omp threadprivate(processed)

int main(int argc, char **argv) {
    int rank, size, total = 0;
    double data[N];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    #pragma omp parallel
    {
        processed = 0;
        #pragma omp for
        for (int i = 0; i < N; i++) {
            data[i] = rank * i;
            processed++;
        }
    }
    #pragma omp parallel
    {
        #pragma omp critical
        total += processed;
    }
    int all;
    MPI_Allreduce(&total, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(all == N * size);
    MPI_Finalize();
    return 0;
}
