/* RUN: -n 2
 * EXPECT: error deadlock
 * EXPECT: error buffering-hazard
 * Rank 0 posts MPI_Irecv for tag 1 and waits on it, rank 1 sends with tag 2: the receive is
 * never matched, so MPI_Wait blocks forever (MPI 3.1 §3.5 matching on tag).
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

    MPI_Request req;
    int buf = 0;
    if (rank == 0) {
        MPI_Irecv(&buf, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        buf = 5;
        MPI_Send(&buf, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
