/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_Sendrecv sends from and receives into overlapping parts of one array (MPI 3.1 §2.3,
 * §3.10: the buffers must be disjoint; MPI_Sendrecv_replace is the one-buffer form).
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

    int buf[3] = {rank, rank, rank};
    int peer = 1 - rank;
    if (rank < 2)
        MPI_Sendrecv(buf, 2, MPI_INT, peer, 0, buf + 1, 2, MPI_INT, peer, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
