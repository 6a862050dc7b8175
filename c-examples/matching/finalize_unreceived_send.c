/* RUN: -n 3
 * EXPECT: error mpi-usage
 * EXPECT: error buffering-hazard
 * Every worker sends a "done" notice to rank 0 with MPI_Send, but rank 0 only
 * collects the results and never receives the notices. With a buffering MPI
 * library the workers go on and finalize; the notices are still pending at
 * MPI_Finalize, which MPI 3.1 §8.7 forbids (without buffering the sends would
 * block forever instead). Both unreceived messages are reported.
 */
#include <mpi.h>

enum { TAG_RESULT = 1, TAG_DONE = 2 };

int main(int argc, char **argv) {
    int rank, size, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        for (int src = 1; src < size; src++)
            MPI_Recv(&v, 1, MPI_INT, src, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        v = rank * rank;
        MPI_Send(&v, 1, MPI_INT, 0, TAG_RESULT, MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 0, TAG_DONE, MPI_COMM_WORLD); /* never received */
    }
    MPI_Finalize();
    return 0;
}
