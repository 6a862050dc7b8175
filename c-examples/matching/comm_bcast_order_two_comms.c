/* RUN: -n 2
 * EXPECT: error communicator-mismatch
 * Rank 0 broadcasts on its duplicate first and on MPI_COMM_WORLD second; rank
 * 1 receives the broadcasts in the other order. With broadcasts that do not
 * synchronize this happens to work (rank 0 is the root and leaves at once),
 * but an MPI library may synchronize collectives (MPI 3.1 §5.12): then rank 0
 * waits in the broadcast on the duplicate while rank 1 waits in the one on
 * MPI_COMM_WORLD. Found on the completes-before replay.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, a = 0, b = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);

    if (rank == 0) {
        a = 1;
        b = 2;
        MPI_Bcast(&a, 1, MPI_INT, 0, dup);
        MPI_Bcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Bcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Bcast(&a, 1, MPI_INT, 0, dup);
    }
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
