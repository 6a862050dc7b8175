/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The last rank sends to rank + 1 = nprocs, which is not a rank of MPI_COMM_WORLD (MPI 3.1
 * §3.2.3, MPI_ERR_RANK).
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

    int buf = rank;
    if (rank == nprocs - 1)
        MPI_Send(&buf, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(&buf, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
