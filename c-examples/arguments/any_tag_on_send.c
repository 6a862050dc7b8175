/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_ANY_TAG is a wildcard for receives only; a send must give a tag in 0..MPI_TAG_UB
 * (MPI 3.1 §3.2.3). The helper forwards the receive's tag to the send by mistake.
 */
#include <mpi.h>

static void forward(int *v, int peer, int tag, int sending) {
    if (sending)
        MPI_Send(v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD);
    else
        MPI_Recv(v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
    int rank, v = 5;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    forward(&v, 1 - rank, MPI_ANY_TAG, rank == 0);
    MPI_Finalize();
    return 0;
}
