/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * MPI_Comm_idup takes its place in MPI_COMM_WORLD's collective order when it is called
 * (MPI 3.1 §5.12, §6.4.2): rank 0 duplicates and then enters the barrier, rank 1 enters
 * the barrier first. Collective #1 is MPI_Comm_idup on one rank and MPI_Barrier on the other.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup;
    MPI_Request req;
    if (rank == 0) {
        MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
