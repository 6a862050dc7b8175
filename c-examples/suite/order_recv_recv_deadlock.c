/* RUN: -n 2
 * EXPECT: error deadlock
 * Both ranks receive before they send: each MPI_Recv waits for a message the other only sends
 * after its own receive returns, under every buffering (MPI 3.1 §3.5).
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

    int src = (rank + 1) % 2;
    int sbuf = rank, rbuf = -1;
    if (rank < 2) {
        MPI_Recv(&rbuf, 1, MPI_INT, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&sbuf, 1, MPI_INT, src, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
