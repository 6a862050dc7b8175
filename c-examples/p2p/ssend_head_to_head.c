/* RUN: -n 2
 * EXPECT: error deadlock
 * Both ranks exchange a value with MPI_Ssend before calling MPI_Recv. A synchronous send
 * never buffers: each Ssend waits for the partner's receive, which is never reached.
 * Deadlock under zero AND infinite buffering, hence `deadlock`, not `buffering-hazard`.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mine, theirs = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    mine = 100 + rank;

    MPI_Ssend(&mine, 1, MPI_INT, partner, 0, MPI_COMM_WORLD);
    MPI_Recv(&theirs, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
