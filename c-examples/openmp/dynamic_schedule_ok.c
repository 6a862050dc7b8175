/* RUN: -n 2
 * EXPECT: verified
 * Uneven work balanced with `schedule(dynamic, 3)`: chunks of three
 * iterations go to whichever thread is free. The checker deals them
 * round-robin (one assignment a real run may make) and checks that no two
 * chunks touch the same memory — each writes its own `work[i]`, the
 * temporary `tmp` is each thread's own, and the sum goes through a
 * `reduction` — so every assignment computes the same total, which
 * MPI_Allreduce then combines.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 37

int main(int argc, char **argv) {
    int rank, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long work[N], total = 0;
    #pragma omp parallel for schedule(dynamic, 3) reduction(+:total)
    for (int i = 0; i < N; i++) {
        long tmp[2];
        tmp[0] = i + rank;
        tmp[1] = (long)i * i;
        work[i] = tmp[0] + tmp[1];
        total += work[i];
    }
    long expect = 0;
    for (int i = 0; i < N; i++)
        expect += i + rank + (long)i * i;
    assert(total == expect);
    long all;
    MPI_Allreduce(&total, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("total %ld\n", all);
    MPI_Finalize();
    return 0;
}
