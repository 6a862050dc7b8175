/* RUN: -n 2
 * EXPECT: error deadlock
 * EXPECT: error buffering-hazard
 * Rank 0 sends its result with TAG_RESULT but rank 1 waits for TAG_DONE: the receive can
 * never match. Even if the send is buffered and rank 0 finishes, rank 1 stays blocked
 * forever, so this is a deadlock under every buffering.
 */
#include <mpi.h>

enum { TAG_RESULT = 10, TAG_DONE = 11 };

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        v = 99;
        MPI_Send(&v, 1, MPI_INT, 1, TAG_RESULT, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, TAG_DONE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
