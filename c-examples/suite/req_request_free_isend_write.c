/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 0 frees its active MPI_Isend request and immediately refills the buffer: a freed send
 * still runs, and nothing tells rank 0 that rank 1 has received it (MPI 3.1 §3.7.3).
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
    int buff_size = 2;
    int *buf = (int *)calloc(buff_size, sizeof(int));
    if (rank == 0) {
        MPI_Isend(buf, buff_size, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        buf[0] = 7;
    } else if (rank == 1)
        MPI_Recv(buf, buff_size, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
