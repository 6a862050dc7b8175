/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 takes two messages with MPI_ANY_SOURCE and logs its CPU time from
 * getrusage (not modeled) only when rank 2's message arrives first.
 * The CPU time is only printed: nothing getrusage returns or writes
 * reaches an MPI call, an assertion or the exit status, so the slicer drops
 * the call and both executions verify under the listed assumption that it
 * returns (line 27). A call whose result mattered would end the execution
 * that reaches it, and the check would be inconclusive, never verified.
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
