/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Every rank passes root -1 to MPI_Reduce (MPI 3.1 §5.9.1, MPI_ERR_ROOT).
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

    int root = -1;
    int in = 1, out = 0;
    MPI_Reduce(&in, &out, 1, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
