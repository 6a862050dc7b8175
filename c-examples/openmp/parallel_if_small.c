/* RUN: -n 2
 * EXPECT: verified
 * `#pragma omp parallel for if(n > THRESHOLD)`: codes skip the threads for
 * problems too small to gain from them, and under MPI_VERIFY the sizes are
 * small. A false `if` clause runs the region on the encountering thread as
 * a team of one (omp_get_num_threads() is 1 there), which the checker runs
 * as such; the same loop on a large problem runs as a team (see the second
 * loop, whose clause holds).
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define THRESHOLD 1000

int main(int argc, char **argv) {
    int rank, provided, n = 8;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long s = 0;
    int team = -1;
    #pragma omp parallel for reduction(+:s) if(n > THRESHOLD)
    for (int i = 0; i < n; i++) {
        s += i + rank;
        if (i == 0)
            team = omp_get_num_threads();
    }
    assert(s == 28 + 8 * rank && team == 1);
    long big = 0;
    #pragma omp parallel for reduction(+:big) if(n > 4)
    for (int i = 0; i < n; i++)
        big += i;
    assert(big == 28);
    long all;
    MPI_Allreduce(&s, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    assert(all == 56 + 8);
    MPI_Finalize();
    return 0;
}
