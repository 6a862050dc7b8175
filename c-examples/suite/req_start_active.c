/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 starts its persistent send twice without completing it in between: MPI_Start on an
 * active request is erroneous (MPI 3.1 §3.9).
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
    int buf = 3;
    if (rank == 0) {
        MPI_Send_init(&buf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else if (rank == 1) {
        MPI_Recv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
