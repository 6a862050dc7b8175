/* RUN: -n 2
 * EXPECT: verified
 * Persistent requests in every send mode (MPI 3.1 §3.9): MPI_Bsend_init through an attached
 * buffer with room for one message (each start takes that room again once the previous
 * message was received), MPI_Rsend_init started only after the receiver's MPI_Irecv is
 * known to be posted (a barrier), MPI_Ssend_init. The last persistent receive is freed while
 * active: it still completes (MPI 3.1 §3.7.3). Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int size = (int)sizeof(int) + MPI_BSEND_OVERHEAD;
        char *buf = malloc(size);
        MPI_Buffer_attach(buf, size);
        MPI_Bsend_init(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        for (v = 1; v <= 2; v++) {
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            MPI_Recv(NULL, 0, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&req);
        MPI_Buffer_detach(&buf, &size);
        free(buf);

        MPI_Rsend_init(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Barrier(MPI_COMM_WORLD);
        v = 30;
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);

        MPI_Ssend_init(&v, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req);
        v = 40;
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else {
        MPI_Recv_init(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        for (int i = 1; i <= 2; i++) {
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            assert(v == i);
            MPI_Send(NULL, 0, MPI_INT, 0, 9, MPI_COMM_WORLD);
        }
        MPI_Request_free(&req);

        MPI_Request r2;
        MPI_Irecv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &r2);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&r2, MPI_STATUS_IGNORE);
        assert(v == 30);

        MPI_Recv_init(&v, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &req);
        MPI_Start(&req);
        MPI_Request_free(&req); /* active: completes silently */
        assert(req == MPI_REQUEST_NULL);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (rank == 0)
        MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
