/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 0 overwrites its send buffer between MPI_Isend and MPI_Wait (MPI 3.1 §3.7.2: the send
 * buffer must not be modified until the send completes).
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
    int buff_size = 4;
    int *buf = (int *)calloc(buff_size, sizeof(int));
    if (rank == 0) {
        MPI_Isend(buf, buff_size, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        buf[2] = 42;
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1)
        MPI_Recv(buf, buff_size, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
