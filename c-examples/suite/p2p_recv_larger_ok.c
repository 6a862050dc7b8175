/* RUN: -n 2
 * EXPECT: verified
 * Near miss of p2p_recv_truncated: the receive buffer is larger than the message, which is
 * allowed; MPI_Get_count tells how much arrived.
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

    int buf[8] = {1, 2, 3, 4};
    int got = -1;
    MPI_Status st;
    if (rank == 0)
        MPI_Send(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1) {
        MPI_Recv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &got);
        if (got != 4)
            printf("wrong count\n");
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
