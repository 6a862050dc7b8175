/* RUN: -n 3
 * EXPECT: error deadlock
 * EXPECT: error buffering-hazard
 * Vakkalanka et al. 2008a, §1.1, Figure 2 (relevant interleavings, elusive matches). P0 posts Irecv(*),
 * then a blocking Recv(from 2), then waits; P1 and P2 each Isend one message to P0. If the
 * wildcard takes P1's message all is well; if it takes P2's, Recv(from 2) can never match
 * and P0 blocks forever, whatever the buffering.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int buff1, buff2;
        MPI_Irecv(&buff1, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        MPI_Recv(&buff2, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1 || rank == 2) {
        int buf = 100 * rank;
        MPI_Isend(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
