/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Only rank 1 passes MPI_DATATYPE_NULL as its receive type in MPI_Allgather (MPI_ERR_TYPE).
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

    MPI_Datatype rtype = MPI_INT;
    int val = rank;
    int all[8];
    if (rank == 1)
        rtype = MPI_DATATYPE_NULL;
    MPI_Allgather(&val, 1, MPI_INT, all, 1, rtype, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
