/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Every rank broadcasts with MPI_DATATYPE_NULL, which is not a datatype (MPI 3.1 §2.5.4,
 * MPI_ERR_TYPE).
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

    MPI_Datatype type = MPI_DATATYPE_NULL;
    int buf[2] = {0, 0};
    MPI_Bcast(buf, 2, type, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
