/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of local_ialltoall_write_sendbuf: the send buffer is refilled after MPI_Wait.
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
    for (int i = 0; i < nprocs; i++)
        sbuf[i] = rank;
    MPI_Ialltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    sbuf[nprocs - 1] = 5;
    if (rbuf[1] != 1)
        printf("wrong block\n");
    free(sbuf);
    free(rbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
