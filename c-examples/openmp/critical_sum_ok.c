/* RUN: -n 2..3
 * EXPECT: verified
 * The partial sums of a parallel loop combined by hand in a critical
 * section, as many codes do instead of a `reduction` clause: each thread
 * adds its part to the shared `sum` and counts itself in `done`. Whichever
 * thread enters first, the sums are the same (mpi-extract writes the
 * straight-line `x += e` under the lock as an atomic update, which the race
 * check knows to commute), so the check verifies the assertions on the
 * combined values for every thread order.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 40

int main(int argc, char **argv) {
    int rank, size, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long sum = 0;
    int done = 0;
    #pragma omp parallel
    {
        long part = 0;
        #pragma omp for
        for (int i = 0; i < N; i++)
            part += i + rank;
        #pragma omp critical
        {
            sum += part;
            done++;
        }
    }
    assert(done == omp_get_max_threads());
    assert(sum == (long)N * (N - 1) / 2 + (long)N * rank);
    long all;
    MPI_Allreduce(&sum, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    assert(all == (long)size * N * (N - 1) / 2 + (long)N * size * (size - 1) / 2);
    MPI_Finalize();
    return 0;
}
