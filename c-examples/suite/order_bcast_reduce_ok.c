/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of order_bcast_reduce_swapped: every rank broadcasts, then reduces.
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

    MPI_Comm newcom = MPI_COMM_WORLD;
    MPI_Datatype type = MPI_INT;
    MPI_Op op = MPI_SUM;
    int root = 0;
    int buff_size = 1;
    int *buf = (int *)calloc(buff_size, sizeof(int));
    int *res = (int *)calloc(buff_size, sizeof(int));
    if (rank == 0) {
        buf[0] = 7;
        MPI_Bcast(buf, buff_size, type, root, newcom);
        MPI_Reduce(buf, res, buff_size, type, op, root, newcom);
        if (res[0] != 7 * nprocs)
            printf("wrong sum %d\n", res[0]);
    } else {
        MPI_Bcast(buf, buff_size, type, root, newcom);
        MPI_Reduce(buf, res, buff_size, type, op, root, newcom);
    }
    free(buf);
    free(res);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
