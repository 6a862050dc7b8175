/* RUN: -n 2
 * EXPECT: inconclusive
 * A wall-clock timer with gettimeofday, which the model does not cover
 * (MPI_Wtime is modeled). Every execution reaches it at line 19, so the
 * check stops there: inconclusive, naming the call and its line, never
 * verified. Replacing it with MPI_Wtime (timer_wtime_ok.c) verifies.
 */
#include <mpi.h>
#include <stdio.h>
#include <sys/time.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    struct timeval t0, t1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        v = 7;
    gettimeofday(&t0, NULL);
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    gettimeofday(&t1, NULL);
    if (rank == 0)
        printf("bcast took %ld us\n",
               (long)((t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_usec - t0.tv_usec)));
    MPI_Finalize();
    return 0;
}
