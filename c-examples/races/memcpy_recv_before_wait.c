/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 1 copies out of a pending MPI_Irecv's buffer (memcpy) before MPI_Wait.
 */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v[2] = {0, 0}, copy[2];
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v[0] = 7;
        MPI_Send(v, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Irecv(v, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        memcpy(copy, v, sizeof copy);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
