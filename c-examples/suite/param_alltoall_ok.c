/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of param_alltoall_type_mismatch: every rank uses MPI_INT.
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

    MPI_Datatype type = MPI_INT;
    int *sbuf = (int *)calloc(nprocs, sizeof(int));
    int *rbuf = (int *)calloc(nprocs, sizeof(int));
    for (int i = 0; i < nprocs; i++)
        sbuf[i] = rank * 10 + i;
    MPI_Alltoall(sbuf, 1, type, rbuf, 1, type, MPI_COMM_WORLD);
    for (int i = 0; i < nprocs; i++)
        if (rbuf[i] != i * 10 + rank)
            printf("wrong block\n");
    free(sbuf);
    free(rbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
