/* RUN: -n 3
 * EXPECT: error deadlock
 * EXPECT: error buffering-hazard
 * Vakkalanka et al. 2008a, §2, Figure 3 (operations lingering across a barrier). P0: Irecv(*), Barrier,
 * Wait, Recv(from 2). P1: Barrier, then Isend to P0. P2: Isend to P0, then Barrier. The
 * pending Irecv(*) can match P2's send or P1's post-barrier send; when it takes P2's, the
 * final Recv(from 2) never matches: deadlock in that interleaving.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int buf0, buf1;
        MPI_Irecv(&buf0, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Recv(&buf1, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        int buf1 = 1;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Isend(&buf1, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        int buf0 = 2;
        MPI_Isend(&buf0, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
