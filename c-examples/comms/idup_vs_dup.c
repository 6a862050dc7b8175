/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * A nonblocking collective never matches its blocking form (MPI 3.1 §5.12): rank 0 calls
 * MPI_Comm_idup where rank 1 calls MPI_Comm_dup.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup;
    if (rank == 0) {
        MPI_Request req;
        MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    }
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
