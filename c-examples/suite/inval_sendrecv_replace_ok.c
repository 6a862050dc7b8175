/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of inval_sendrecv_aliased_buffers: MPI_Sendrecv_replace uses one buffer for
 * both.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    int buf[2] = {rank, rank};
    int peer = 1 - rank;
    if (rank < 2) {
        MPI_Sendrecv_replace(buf, 2, MPI_INT, peer, 0, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (buf[1] != peer)
            printf("wrong value\n");
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
