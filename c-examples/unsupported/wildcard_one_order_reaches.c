/* RUN: -n 3
 * EXPECT: inconclusive
 * Rank 0 takes two messages with MPI_ANY_SOURCE and logs its CPU time from
 * getrusage (not modeled) only when rank 2's message arrives first.
 * The execution where rank 1's comes first completes, the other reaches
 * line 25: since one execution could not be checked to its end, the whole
 * check is inconclusive, never verified.
 */
#include <mpi.h>
#include <stdio.h>
#include <sys/resource.h>

int main(int argc, char **argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int sum = 0;
        for (int i = 0; i < 2; i++) {
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            sum += v;
            if (i == 0 && st.MPI_SOURCE == 2) {
                struct rusage usage;
                getrusage(RUSAGE_SELF, &usage);
                printf("rank 2 first after %ld s of CPU\n", (long)usage.ru_utime.tv_sec);
            }
        }
        if (sum != 3)
            MPI_Abort(MPI_COMM_WORLD, 1);
    } else {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
