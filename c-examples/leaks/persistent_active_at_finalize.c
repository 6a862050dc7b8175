/* RUN: -n 2
 * EXPECT: error request-leak
 * Rank 0 starts its persistent send once more after the exchange loop and reaches
 * MPI_Finalize without completing that activation: the operation is still pending (MPI 3.1
 * §3.9, §8.7), a request-leak, reported with the MPI_Send_init and the MPI_Start lines (the
 * request is also never freed, which is the lesser problem).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send_init(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        for (int i = 0; i < 2; i++) {
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        MPI_Start(&req);
    } else {
        for (int i = 0; i < 3; i++)
            MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
