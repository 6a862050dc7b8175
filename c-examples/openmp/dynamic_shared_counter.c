/* RUN: -n 2
 * EXPECT: inconclusive
 * The reduction clause forgotten on a `schedule(dynamic)` loop: every chunk
 * adds to the shared `total`. The checker runs the chunks round-robin and
 * sees two chunks of one thread write `total`; since any thread may run
 * either chunk, that is a data race in the runs that give them to two
 * threads (unless the memory depended on the thread number, which the
 * checker cannot tell here), so it stops inconclusive at the line instead
 * of claiming the sum. Real runs print different totals.
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 64

int main(int argc, char **argv) {
    int rank, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long total = 0;
    #pragma omp parallel for schedule(dynamic, 4)
    for (int i = 0; i < N; i++)
        total += i + rank;
    long all;
    MPI_Reduce(&total, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("total %ld\n", all);
    MPI_Finalize();
    return 0;
}
