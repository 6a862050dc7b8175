/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 0 overwrites the buffer of a pending MPI_Isend before MPI_Wait (MPI 3.1 §3.7.2).
 */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 1;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        v = 2; /* too early: the send may still read v */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
