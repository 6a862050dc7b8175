/* RUN: -n 2
 * EXPECT: verified
 * Near miss of wait_copy_after_free.c: after MPI_Request_free the program waits on the same
 * variable it freed, which MPI_Request_free set to MPI_REQUEST_NULL: waiting on the null
 * request is legal and returns at once with an empty status (MPI 3.1 §3.7.3). Likewise the
 * second MPI_Wait of the receive variable, already completed and nulled by the first.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 7, ack = 0;
    MPI_Request req;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        assert(req == MPI_REQUEST_NULL);
        MPI_Wait(&req, &st);
        assert(st.MPI_SOURCE == MPI_ANY_SOURCE);
        MPI_Irecv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(ack == 7);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
