/* RUN: -n 3
 * EXPECT: error communicator-mismatch
 * EXPECT: error buffering-hazard
 * A solver keeps its own communicator (an MPI_Comm_split with one color, so
 * ranks are numbered as in MPI_COMM_WORLD) and rank 0 sends the residual on
 * it, but rank 2 posts its receive on MPI_COMM_WORLD. Source and tag agree;
 * messages on different communicators never match (MPI 3.1 §3.2.4), so rank 2
 * waits forever. Reported with both lines as a communicator mismatch.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    double residual = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm solver;
    MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &solver);

    if (rank == 0) {
        residual = 0.25;
        MPI_Send(&residual, 1, MPI_DOUBLE, 2, 7, solver);
    } else if (rank == 2) {
        MPI_Recv(&residual, 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Comm_free(&solver);
    MPI_Finalize();
    return 0;
}
