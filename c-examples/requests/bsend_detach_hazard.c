/* RUN: -n 2
 * EXPECT: error buffering-hazard
 * MPI_Buffer_detach blocks until the buffered messages are transmitted (MPI 3.1 §3.6.1).
 * Rank 1 receives the buffered message only after a message rank 0 sends after the detach:
 * an MPI library that moves the message into system buffers returns from the detach, one
 * that must deliver it to the receiver first (no system buffering) never does.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, x = 0, y = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int size = (int)sizeof(int) + MPI_BSEND_OVERHEAD;
        char *buf = malloc(size);
        MPI_Buffer_attach(buf, size);
        MPI_Bsend(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Buffer_detach(&buf, &size);
        MPI_Send(&y, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
        free(buf);
    } else {
        MPI_Recv(&y, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
