/* RUN: -n 2
 * EXPECT: verified
 * Fire-and-forget send: rank 0 starts MPI_Isend and releases the request with
 * MPI_Request_free (the handle becomes MPI_REQUEST_NULL). Completion is learned from an
 * application-level acknowledgement; only after it does rank 0 reuse the buffer.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int work[2] = {40, 2}, ack = 0;
        MPI_Request req;
        MPI_Isend(work, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        assert(req == MPI_REQUEST_NULL);
        MPI_Recv(&ack, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(ack == 42);
        work[0] = 0; /* safe: the receiver has the data */
    } else if (rank == 1) {
        int work[2], ack;
        MPI_Recv(work, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ack = work[0] + work[1];
        MPI_Send(&ack, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
