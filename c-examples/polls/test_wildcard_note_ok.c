/* RUN: -n 2
 * EXPECT: verified
 * Correct near-miss of test_wildcard_skips_note.c: the poll's answer only decides which of two
 * equivalent paths rank 0 takes, and the note is sent on both. Both answers of the MPI_Test are
 * explored: "not yet", and "yes" after the wildcard receive matched rank 1's message.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 0, note = 1, flag = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        if (flag) {
            assert(value == 42);
            MPI_Send(&note, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        } else {
            MPI_Send(&note, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        assert(value == 42);
    } else if (rank == 1) {
        int v = 42;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&note, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
