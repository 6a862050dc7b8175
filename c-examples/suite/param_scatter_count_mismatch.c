/* RUN: -n 2
 * EXPECT: error count-mismatch
 * The root scatters 2 ints to each rank, rank 1 expects 1: the amount of data sent to rank 1
 * differs from the amount it receives (MPI 3.1 §5.6).
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

    int root = 0;
    int recvcount = 2;
    int *sbuf = (int *)calloc(2 * nprocs, sizeof(int));
    int rbuf[2];
    if (rank == 1)
        recvcount = 1;
    MPI_Scatter(sbuf, 2, MPI_INT, rbuf, recvcount, MPI_INT, root, MPI_COMM_WORLD);
    free(sbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
