/* RUN: -n 2
 * EXPECT: verified
 * Near miss of bsend_overflow.c: the buffer holds one message, and rank 0 makes its second
 * MPI_Bsend only after rank 1 acknowledged the first. The acknowledgement is sent after
 * rank 1's receive completed, so in every execution the first message has left the buffer
 * (MPI 3.1 §3.6.1) and the second fits.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, v[4] = {0, 0, 0, 0}, ack = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int size = 4 * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
        char *buf = malloc(size);
        MPI_Buffer_attach(buf, size);
        v[0] = 1;
        MPI_Bsend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&ack, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v[0] = 2;
        MPI_Bsend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Buffer_detach(&buf, &size);
        free(buf);
    } else {
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v[0] == 1);
        MPI_Send(&ack, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v[0] == 2);
    }
    MPI_Finalize();
    return 0;
}
