/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of param_scatter_count_mismatch: the root sends 2 ints and every rank receives
 * 2.
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
    for (int i = 0; i < 2 * nprocs; i++)
        sbuf[i] = i;
    MPI_Scatter(sbuf, 2, MPI_INT, rbuf, recvcount, MPI_INT, root, MPI_COMM_WORLD);
    if (rbuf[1] != 2 * rank + 1)
        printf("wrong piece\n");
    free(sbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
