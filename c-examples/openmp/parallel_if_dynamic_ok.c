/* RUN: -n 2
 * EXPECT: verified
 * parallel_if_small.c with a dynamic and an ordered loop: under a false
 * `if` clause the region is a team of one (OpenMP 5.2 §10.1.1), whose
 * thread takes every chunk of the dynamic loop and runs the ordered blocks
 * in iteration order; each rank then checks its sums and prints its
 * values in order.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define THRESHOLD 1000

int main(int argc, char **argv) {
    int rank, n = 8;
    long a[8], s = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel for schedule(dynamic, 2) if(n > THRESHOLD)
    for (int i = 0; i < n; i++)
        a[i] = i + rank;
    #pragma omp parallel for ordered reduction(+:s) if(n > THRESHOLD)
    for (int i = 0; i < n; i++) {
        s += a[i];
        #pragma omp ordered
        printf("rank %d: a[%d] = %ld\n", rank, i, a[i]);
    }
    assert(s == 28 + 8 * rank);
    long all;
    MPI_Allreduce(&s, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    assert(all == 56 + 8);
    MPI_Finalize();
    return 0;
}
