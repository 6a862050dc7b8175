/* RUN: -n 2
 * EXPECT: verified
 * Near miss of memcpy_recv_before_wait.c: rank 1 touches the receive buffer only after
 * MPI_Test returned true, and reuses it for a second MPI_Irecv after MPI_Wait; rank 0
 * rewrites its send buffer only after the send's Wait.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 0, flag = 0, copy = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v = 5;
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        v = 6;
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        memcpy(&copy, &v, sizeof v);
        assert(copy == 5);
        MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(v == 6);
    }
    MPI_Finalize();
    return 0;
}
