/* RUN: -n 2
 * EXPECT: verified
 * Threads fill a shared histogram, each bin guarded by its own
 * `omp_lock_t` (omp_set_lock / omp_unset_lock); the static schedule gives
 * each thread its own block of values, which here map to bins of their own,
 * so no two threads touch one bin, and the histogram MPI_Reduce then sums
 * is the same in every run (lock_shared_bins_ok.c shares the bins).
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
        int b = i * BINS / N;
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
