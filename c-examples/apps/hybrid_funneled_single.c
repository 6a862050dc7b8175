/* RUN: -n 2
 * EXPECT: error mpi-usage
 * A hybrid stencil step that keeps one parallel region around the whole time
 * loop and does the halo exchange inside it, in a `#pragma omp single`:
 * "one thread does the MPI, the implicit barrier at the end of the single
 * publishes the ghost cells". But MPI was initialized with
 * MPI_THREAD_FUNNELED, which promises that only the thread that called
 * MPI_Init_thread (the master thread of the team) makes MPI calls, and
 * `single` lets any one thread of the team run the block: whichever arrives
 * first (with GCC's libgomp, a worker thread about half of the time). It
 * goes unnoticed wherever the MPI library happens to be thread-safe anyway
 * (MPICH as Linux distributions build it runs this program correctly while
 * providing FUNNELED), until it meets a library, a network module or a
 * configuration that relies on the promise, where the calls from the wrong
 * thread corrupt its state or hang (MPI 4.0 §11.6). The checker reports the
 * MPI call made in the single whichever thread runs it: the program is wrong
 * even in the runs where the master happens to get there first.
 *
 * Two fixes: keep the single and ask for MPI_THREAD_SERIALIZED (any one thread
 * at a time may call MPI; the single guarantees one at a time), or keep
 * MPI_THREAD_FUNNELED and write `#pragma omp master` followed by
 * `#pragma omp barrier`, since master has no implied barrier (hybrid_heat/
 * does the latter).
 *
 * usage: OMP_NUM_THREADS=T mpiexec -n P ./hybrid_funneled_single
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#ifdef MPI_VERIFY
#define N 8
#define STEPS 2
#else
#define N 4096
#define STEPS 100
#endif

static long u[N + 2], unew[N + 2];

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    if (provided < MPI_THREAD_FUNNELED)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    /* 1-D diffusion of integer "heat": cell i holds its global index. */
    for (int i = 0; i <= N + 1; i++)
        u[i] = (long)rank * N + i;

    long total = 0;
    #pragma omp parallel
    {
        for (int step = 0; step < STEPS; step++) {
            #pragma omp single
            {
                /* BUG under MPI_THREAD_FUNNELED: may run on any thread */
                MPI_Sendrecv(&u[N], 1, MPI_LONG, right, 0, &u[0], 1, MPI_LONG, left, 0,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Sendrecv(&u[1], 1, MPI_LONG, left, 1, &u[N + 1], 1, MPI_LONG, right, 1,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            /* the single's implicit barrier: the ghost cells are in */
            #pragma omp for
            for (int i = 1; i <= N; i++)
                unew[i] = (u[i - 1] + 2 * u[i] + u[i + 1]) / 4;
            #pragma omp for
            for (int i = 1; i <= N; i++)
                u[i] = unew[i];
        }
        #pragma omp for reduction(+ : total)
        for (int i = 1; i <= N; i++)
            total += u[i];
    }

    /* A linear profile is a fixed point of the stencil, and the ghost cells at
     * the two domain ends (never overwritten: the neighbour there is
     * MPI_PROC_NULL) continue it, so the sum of 1..n is kept exactly. */
    long global;
    MPI_Allreduce(&total, &global, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    long n = (long)size * N;
    assert(global == n * (n + 1) / 2);
    if (rank == 0)
        printf("%d processes x %d threads: sum %ld\n", size, omp_get_max_threads(), global);
    MPI_Finalize();
    return 0;
}
