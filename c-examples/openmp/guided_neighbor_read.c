/* RUN: -n 2
 * EXPECT: error data-race
 * A smoothing step under `schedule(guided)` that reads the left neighbor's
 * element while other iterations write theirs in place. Where a guided chunk
 * ends is the implementation's choice (OpenMP 5.2 §11.5.3: sizes follow the
 * iterations left and the team size), and with two threads some chunk
 * boundary falls between iterations i-1 and i whatever the sizes: the thread
 * running i reads u[i-1] while another writes it, a data race (OpenMP 5.2
 * §1.4.1). The checker runs the loop with every iteration its own chunk, so
 * iterations 1 and 2 run on threads 0 and 1, and reports the pair. The fix is
 * a second array (read `old`, write `new`).
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 32

int main(int argc, char **argv) {
    int provided, rank;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double u[N];
    for (int i = 0; i < N; i++)
        u[i] = (double)(i % 5) + rank;
    #pragma omp parallel for schedule(guided)
    for (int i = 1; i < N; i++)
        u[i] = 0.5 * (u[i - 1] + u[i]);
    double last = u[N - 1], sum;
    MPI_Reduce(&last, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%g\n", sum);
    MPI_Finalize();
    return 0;
}
