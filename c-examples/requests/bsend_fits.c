/* RUN: -n 2
 * EXPECT: verified
 * Buffered sends with a buffer sized exactly as MPI 3.1 §3.6.1 asks: each pending message
 * takes its packed size plus MPI_BSEND_OVERHEAD. Rank 0 attaches room for two messages of
 * four ints and sends two with MPI_Bsend and MPI_Ibsend before rank 1 receives anything; then
 * detaches (which hands back the buffer's address and size). Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8}, in[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int size = 2 * (4 * (int)sizeof(int) + MPI_BSEND_OVERHEAD);
        char *buf = malloc(size);
        MPI_Request req;
        MPI_Buffer_attach(buf, size);
        MPI_Bsend(a, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Ibsend(b, 4, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        b[0] = -1; /* the message was copied into the buffer */
        void *back;
        int back_size;
        MPI_Buffer_detach(&back, &back_size);
        assert(back == buf && back_size == size);
        free(buf);
    } else {
        MPI_Recv(in, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(in[0] == 5 && in[3] == 8);
        MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(in[0] == 1 && in[3] == 4);
    }
    MPI_Finalize();
    return 0;
}
