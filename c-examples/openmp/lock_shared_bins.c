/* RUN: -n 2
 * EXPECT: inconclusive
 * The histogram of lock_histogram_ok.c with every thread hitting every bin
 * (bin = i % BINS). The program is correct: each increment happens under
 * its bin's lock, so the counts are right in every run. But the checker
 * sees two threads read and write one bin in the order they took its lock,
 * cannot tell that the two orders give the same count (it does not explore
 * thread orders), and says so instead of verifying: a limit of the tool,
 * named with both lines. Atomic updates (`#pragma omp atomic`) or a
 * reduction over an array verify.
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
