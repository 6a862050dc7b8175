/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Rank 1 reduces one MPI_FLOAT where rank 0 reduces one MPI_INT (MPI 3.1 §5.9.1: the datatype
 * must be the same on every member).
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
    int in = 1, out = 0;
    if (rank == 1)
        type = MPI_FLOAT;
    MPI_Reduce(&in, &out, 1, type, MPI_SUM, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
