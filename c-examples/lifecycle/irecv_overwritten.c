/* RUN: -n 2
 * EXPECT: error request-leak
 * Rank 0 posts two receives into the same request variable: the second MPI_Irecv overwrites
 * the handle of the first while it is pending, so the first receive can never be completed
 * (MPI 3.1 §3.7.3: the handle is the only way to complete it) and is still pending at
 * MPI_Finalize (§8.7). The report names both MPI_Irecv lines.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, a = 0, b = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Irecv(&b, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        a = 1;
        b = 2;
        MPI_Send(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&b, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
