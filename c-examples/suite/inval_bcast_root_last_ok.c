/* RUN: -n 2
 * EXPECT: verified
 * Near miss of inval_bcast_root_out_of_range: root = nprocs - 1 is the last valid rank.
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

    int root = nprocs - 1;
    int buf = rank == root ? 3 : 0;
    MPI_Bcast(&buf, 1, MPI_INT, root, MPI_COMM_WORLD);
    if (buf != 3)
        printf("wrong value\n");

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
