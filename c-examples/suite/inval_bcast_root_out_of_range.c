/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Every rank passes root = nprocs to MPI_Bcast; valid roots are 0..nprocs-1 (MPI 3.1 §5.4,
 * MPI_ERR_ROOT).
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

    int root = nprocs;
    int buf = 3;
    MPI_Bcast(&buf, 1, MPI_INT, root, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
