/* RUN: -n 2
 * EXPECT: verified
 * Near miss of ibcast_sync_deadlock.c: the root sends before it waits for its MPI_Ibcast,
 * so even a synchronizing broadcast completes (MPI 3.1 §5.12: starting a nonblocking
 * collective never blocks).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, token = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v = 9;
        MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(v == 9);
    }
    MPI_Finalize();
    return 0;
}
