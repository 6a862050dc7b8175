/* RUN: -n 2
 * EXPECT: error request-leak
 * Rank 0's MPI_Isend is never completed nor freed before MPI_Finalize (MPI 3.1 §8.7).
 */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 1;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    else
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
