/* RUN: -n 2
 * EXPECT: error deadlock
 * A poll decides whether a message is sent. Rank 0 posts a wildcard receive, tests it once,
 * and sends rank 1 a note only if the test said "not yet". Rank 1 sends first and then waits
 * for the note. When rank 1's message has arrived before the MPI_Test, the test completes, no
 * note is sent, and rank 1 waits forever. The "yes" answer needs the wildcard receive to be
 * matched before the test, so the search must not answer the poll before that match.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, value = 0, note = 1, flag = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        if (!flag)
            MPI_Send(&note, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("rank 0 got %d\n", value);
    } else if (rank == 1) {
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&note, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
