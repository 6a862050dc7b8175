/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The attached buffer holds one message of four ints (its size plus MPI_BSEND_OVERHEAD), but
 * rank 0 makes a second MPI_Bsend before anything tells it the first was received: under
 * some timing both are in the buffer at once, and the second does not fit (MPI_ERR_BUFFER,
 * MPI 3.1 §3.6). Near miss: bsend_after_ack.c.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, v[4] = {0, 0, 0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int size = 4 * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
        char *buf = malloc(size);
        MPI_Buffer_attach(buf, size);
        MPI_Bsend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Bsend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Buffer_detach(&buf, &size);
        free(buf);
    } else {
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
