/* RUN: -n 2
 * EXPECT: error communicator-mismatch
 * EXPECT: error buffering-hazard
 * The message goes out on a duplicate of MPI_COMM_WORLD but the receiver
 * waits on MPI_COMM_WORLD itself: messages on different communicators never
 * match (MPI 3.1 §3.2.4), so the receive waits forever. Source and tag agree,
 * so the deadlock is reported as the communicator mismatch that causes it.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 42;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);

    if (rank == 0)
        MPI_Send(&v, 1, MPI_INT, 1, 0, dup);
    else
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
