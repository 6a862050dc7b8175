/* RUN: -n 2
 * EXPECT: verified
 * MPI_Request_get_status tells whether a request is complete without freeing it (MPI 3.1
 * §3.7.6): the loop polls it until the message is in, reads the status, and only then frees
 * the request with MPI_Wait, which still returns the same status.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Request_get_status(req, &flag, &st);
        assert(req != MPI_REQUEST_NULL && st.MPI_SOURCE == 1 && st.MPI_TAG == 5);
        MPI_Wait(&req, &st);
        assert(req == MPI_REQUEST_NULL && st.MPI_TAG == 5 && v == 7);
    } else {
        v = 7;
        MPI_Send(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
