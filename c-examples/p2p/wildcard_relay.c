/* RUN: -n 4
 * EXPECT: error assertion
 * Two wildcard receives in different processes, where deciding one creates a new
 * sender for the other: rank 1 relays whatever it receives first to rank 0, so rank 0's
 * wildcard receive can match rank 1's relay only if rank 1's receive is decided first.
 * The assertion (rank 0 never gets a relayed value) fails in exactly that order; a
 * checker that decides rank 0's receive first without deferring it misses the bug.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v < 100); /* relayed values are >= 100 */
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v += 100;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        v = 2;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        v = 3;
        MPI_Send(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
