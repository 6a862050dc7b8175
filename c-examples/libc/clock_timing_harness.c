/* RUN: -n 2
 * EXPECT: verified
 * A timing harness the way benchmarks write one: clock_gettime(CLOCK_MONOTONIC) around a
 * compute phase, gettimeofday around the exchange, MPI_Wtime around both, the slowest
 * rank's times gathered with MPI_Reduce(MPI_MAX), and a short nanosleep back-off before
 * the report. Elapsed times are never negative, the POSIX clocks agree with MPI_Wtime
 * on how long the whole step took, and difftime subtracts calendar times. The checker's
 * clocks are one logical clock for the C library and MPI alike (the process's executed
 * instructions, 1 ns each): the same in every run, never going back.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

#define N 64

static double now_mono(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double now_wall(void) {
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
}

int main(int argc, char **argv) {
    int rank, size;
    double a[N], sum = 0.0, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    double w0 = MPI_Wtime();
    double c0 = now_mono();
    for (int i = 0; i < N; i++) {
        a[i] = (double)(rank * N + i);
        sum += a[i] * a[i];
    }
    double c1 = now_mono();

    double t0 = now_wall();
    MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double t1 = now_wall();
    double w1 = MPI_Wtime();

    double mine[2] = {c1 - c0, t1 - t0}, slowest[2];
    assert(mine[0] >= 0.0 && mine[1] >= 0.0);
    /* Both clocks measured the same step as MPI_Wtime did (within 10 ms). */
    assert(fabs((w1 - w0) - (now_mono() - c0)) < 1e-2);
    MPI_Reduce(mine, slowest, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    struct timespec backoff = {0, 1000000}; /* 1 ms */
    assert(nanosleep(&backoff, NULL) == 0);
    time_t start = time(NULL);
    assert(difftime(start + 5, start) == 5.0);

    if (rank == 0) {
        double n = (double)(N * size);
        assert(total == (n - 1) * n * (2 * n - 1) / 6);
        printf("compute %.3g s, allreduce %.3g s (slowest rank)\n", slowest[0], slowest[1]);
    }
    MPI_Finalize();
    return 0;
}
