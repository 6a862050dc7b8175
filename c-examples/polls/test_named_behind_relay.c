/* RUN: -n 3
 * EXPECT: error deadlock
 * The receive being tested names its source, but that source sends only after a wildcard
 * receive of its own. Rank 2 sends to rank 1; rank 1 takes any message with tag 0, forwards
 * it to rank 0 and then waits for rank 0's note. Rank 0 tests once and sends the note only if
 * the forwarded value has not arrived. The forward can arrive before the test (rank 1's
 * wildcard receive is matched first), and then rank 1 waits forever.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 0, note = 1, flag = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        if (!flag)
            MPI_Send(&note, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&note, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        value = 5;
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
