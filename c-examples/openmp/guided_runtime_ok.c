/* RUN: -n 2
 * EXPECT: verified
 * Three loops whose schedule the implementation chooses: `guided` (chunk
 * sizes decrease with the iterations left, OpenMP 5.2 §11.5.3), `runtime`
 * (whatever OMP_SCHEDULE says) and `auto`. Each iteration writes only its own
 * element and the sum is a reduction, so the loops are correct however the
 * iterations are cut into chunks and shared among threads: the checker runs
 * them as dynamic loops of one-iteration chunks and verifies them, and the
 * ranks then agree on the total with MPI_Allreduce.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 24

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int v[N];
    long local = 0;
    #pragma omp parallel for schedule(guided, 2) reduction(+ : local)
    for (int i = 0; i < N; i++) {
        v[i] = rank * N + i;
        local += v[i];
    }
    #pragma omp parallel for schedule(runtime)
    for (int i = 0; i < N; i++)
        v[i] *= 2;
    #pragma omp parallel for schedule(auto)
    for (int i = 0; i < N; i++)
        v[i] += 1;
    long total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    long n = (long)N * size;
    assert(total == n * (n - 1) / 2);
    assert(v[N - 1] == 2 * (rank * N + N - 1) + 1);
    MPI_Finalize();
    return 0;
}
