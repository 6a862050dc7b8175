/* RUN: -n 2
 * EXPECT: verified
 * Near miss of comm_p2p_split_vs_world.c: rank 0 sends a message with the same
 * source and tag on two communicators, first on a duplicate, then on
 * MPI_COMM_WORLD, and rank 1 receives them in the other order, each on the
 * communicator it was sent on. Each receive matches its own communicator's
 * message (MPI 3.1 §3.2.4); the sends are nonblocking, so the order of the
 * receives does not matter under any buffering.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, x = 0, y = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);

    if (rank == 0) {
        MPI_Request reqs[2];
        x = 11;
        y = 22;
        MPI_Isend(&x, 1, MPI_INT, 1, 5, dup, &reqs[0]);
        MPI_Isend(&y, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&y, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 0, 5, dup, MPI_STATUS_IGNORE);
        assert(x == 11 && y == 22);
    }
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
