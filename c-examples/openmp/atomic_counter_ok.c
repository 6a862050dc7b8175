/* RUN: -n 2
 * EXPECT: verified
 * Threads count matches with `#pragma omp atomic` updates of a shared
 * counter: updates nobody reads inside the region commute, so every
 * schedule gives the same count, which rank 0 then checks against the sum
 * MPI_Reduce computes.
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
    int data[N];
    for (int i = 0; i < N; i++)
        data[i] = (i * 7 + rank) % 5;
    int zeros = 0;
    long weight = 0;
    #pragma omp parallel for
    for (int i = 0; i < N; i++) {
        if (data[i] == 0) {
            #pragma omp atomic
            zeros++;
        }
        #pragma omp atomic update
        weight += data[i];
    }
    int all;
    MPI_Reduce(&zeros, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        assert(all == size * N / 5);
    assert(weight == 2 * N);
    MPI_Finalize();
    return 0;
}
