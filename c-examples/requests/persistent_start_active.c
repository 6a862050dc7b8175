/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_Start on a persistent request that is still active (started, not yet completed) is
 * erroneous (MPI 3.1 §3.9): the loop forgets the MPI_Wait between two starts.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, buf[2] = {0, 0};
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send_init(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        for (int i = 0; i < 2; i++)
            MPI_Start(&req); /* no MPI_Wait in between */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else {
        for (int i = 0; i < 2; i++)
            MPI_Recv(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
