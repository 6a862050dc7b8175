/* RUN: -n 3
 * EXPECT: error deadlock
 * MPI_Iprobe decides whether a message is sent. Rank 1 relays rank 2's value to rank 0 after a
 * wildcard receive and then waits for a note from rank 0 (its receive posted first). Rank 0 probes once for the relayed
 * value and sends the note only when the probe finds nothing. If the relayed value is already
 * there at the probe, no note is sent and rank 1 waits forever.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 0, note = 1, found = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &found, MPI_STATUS_IGNORE);
        if (!found)
            MPI_Send(&note, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(&note, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        value = 9;
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
