/* RUN: -n 2
 * EXPECT: verified
 * The histogram of lock_histogram_ok.c with every thread hitting every bin
 * (bin = i % BINS), each increment under its bin's lock. The increment
 * `hist[b]++` under the lock is an update of `hist[b]` by a value computed
 * before it (mpi-extract writes such straight-line updates under a lock as
 * atomic updates), so the checker knows the threads' increments commute:
 * every order of taking the lock gives the same counts. An update that
 * reads the bin for anything else under the lock would depend on the order
 * (`critical_first_thread.c`).
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 32
#define BINS 4

int main(int argc, char **argv) {
    int rank, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    omp_lock_t locks[BINS];
    int hist[BINS] = {0};
    for (int b = 0; b < BINS; b++)
        omp_init_lock(&locks[b]);
    #pragma omp parallel for num_threads(2) schedule(static)
    for (int i = 0; i < N; i++) {
        int b = i % BINS;
        omp_set_lock(&locks[b]);
        hist[b]++;
        omp_unset_lock(&locks[b]);
    }
    for (int b = 0; b < BINS; b++)
        omp_destroy_lock(&locks[b]);
    int all[BINS];
    MPI_Reduce(hist, all, BINS, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int b = 0; b < BINS; b++)
            assert(all[b] == 2 * N / BINS);
    MPI_Finalize();
    return 0;
}
