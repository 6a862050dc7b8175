/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 1 refills the MPI_Ialltoall send buffer before MPI_Wait (MPI 3.1 §5.12: the send buffer
 * of a pending nonblocking collective must not be modified).
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
    int *sbuf = (int *)calloc(nprocs, sizeof(int));
    int *rbuf = (int *)calloc(nprocs, sizeof(int));
    MPI_Ialltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD, &req);
    if (rank == 1)
        sbuf[nprocs - 1] = 5;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    free(sbuf);
    free(rbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
