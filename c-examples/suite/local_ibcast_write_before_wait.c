/* RUN: -n 2
 * EXPECT: error local-race
 * The root writes its MPI_Ibcast buffer before MPI_Wait (MPI 3.1 §5.12: buffers of a pending
 * nonblocking collective must not be modified).
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
    int root = 0;
    int buf[3] = {1, 2, 3};
    MPI_Ibcast(buf, 3, MPI_INT, root, MPI_COMM_WORLD, &req);
    if (rank == root)
        buf[0] = 99;
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
