/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * Rank 0 starts MPI_Ibcast while rank 1 calls MPI_Bcast: a nonblocking collective never
 * matches a blocking one (MPI 3.1 §5.12).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
