/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of param_bcast_type_int_float: every rank broadcasts MPI_INT.
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
    if (rank == root)
        buf[3] = 9;
    MPI_Bcast(buf, buff_size, type, root, MPI_COMM_WORLD);
    if (buf[3] != 9)
        printf("wrong value\n");
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
