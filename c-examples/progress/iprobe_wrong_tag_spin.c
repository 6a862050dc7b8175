/* RUN: -n 2
 * EXPECT: error non-termination
 * Rank 0 polls with MPI_Iprobe for a "done" message with tag 2, but rank 1 reports with tag 1 and
 * finalizes: no message with tag 2 ever arrives, so the polling loop can never exit whatever the
 * MPI library does (it is not waiting for progress, it waits for an event that cannot happen).
 */
#include <mpi.h>

#define TAG_RESULT 1
#define TAG_DONE 2

int main(int argc, char **argv) {
    int rank, flag = 0, value = 7;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        while (!flag)
            MPI_Iprobe(1, TAG_DONE, MPI_COMM_WORLD, &flag, &st);
        MPI_Recv(&value, 1, MPI_INT, 1, TAG_DONE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Send(&value, 1, MPI_INT, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
