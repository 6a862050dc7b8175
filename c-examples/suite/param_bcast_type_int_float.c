/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Rank 0 broadcasts MPI_INT, the others receive MPI_FLOAT: same size, different type signature
 * (MPI 3.1 §5.4: the type signatures at the root and the other members must match).
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
    int root = 0;
    int buff_size = 4;
    int *buf = (int *)calloc(buff_size, sizeof(int));
    if (rank != root)
        type = MPI_FLOAT;
    MPI_Bcast(buf, buff_size, type, root, MPI_COMM_WORLD);
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
