/* RUN: -n 2
 * EXPECT: verified
 * A CPU-time measurement with getrusage, which the model does not cover
 * (MPI_Wtime, gettimeofday and clock_gettime are modeled; --stub timers
 * defines getrusage). What it writes is only printed: nothing it returns or
 * writes reaches an MPI call, an assertion or the exit status, so the
 * slicer drops both calls and the verdict is "verified" under the listed
 * assumption that they return (lines 21 and 23), never silently.
 */
#include <mpi.h>
#include <stdio.h>
#include <sys/resource.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    struct rusage r0, r1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        v = 7;
    getrusage(RUSAGE_SELF, &r0);
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    getrusage(RUSAGE_SELF, &r1);
    if (rank == 0)
        printf("bcast took %ld us of CPU time\n",
               (long)((r1.ru_utime.tv_sec - r0.ru_utime.tv_sec) * 1000000 +
                      (r1.ru_utime.tv_usec - r0.ru_utime.tv_usec)));
    MPI_Finalize();
    return 0;
}
