/* RUN: -n 2
 * EXPECT: error request-leak
 * Rank 0 sends three values with MPI_Isend in a loop that reuses one request variable and
 * waits only after the loop: the requests of the first two sends are overwritten while pending
 * and never completed (MPI 3.1 §3.7.3, §8.7).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, vals[3] = {1, 2, 3};
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 0; i < 3; i++)
            MPI_Isend(&vals[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        for (int i = 0; i < 3; i++)
            MPI_Recv(&vals[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
