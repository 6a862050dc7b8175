/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Rank 1 sends and receives MPI_FLOAT in MPI_Alltoall while rank 0 uses MPI_INT: equal sizes
 * but different type signatures (MPI 3.1 §5.8).
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
    if (rank == 1)
        type = MPI_FLOAT;
    MPI_Alltoall(sbuf, 1, type, rbuf, 1, type, MPI_COMM_WORLD);
    free(sbuf);
    free(rbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
