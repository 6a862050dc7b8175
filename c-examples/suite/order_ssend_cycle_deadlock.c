/* RUN: -n 2
 * EXPECT: error deadlock
 * Both ranks MPI_Ssend before receiving: a synchronous send completes only once matched, so
 * unlike the standard-mode cycle of hazard_send_send this deadlocks under every buffering (MPI
 * 3.1 §3.4).
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

    int out = rank, in = -1;
    int peer = 1 - rank;
    if (rank < 2) {
        MPI_Ssend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
        MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
