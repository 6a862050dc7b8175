/* RUN: -n 2
 * EXPECT: verified
 * A busy wait on the clock ends: the clock a process reads advances with
 * the work it does (one nanosecond per model instruction, the clock
 * MPI_Wtime reads too), so the loop's state is never the same twice even
 * though the time it reads is never kept between passes.
 */
#include <mpi.h>
#include <time.h>

static long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long until = now_ns() + 20000000L; /* 20 ms of logical time */
    while (now_ns() < until) {
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
