/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * Rank 0 broadcasts then reduces, the other ranks reduce then broadcast: the first collective
 * on MPI_COMM_WORLD differs between members (MPI 3.1 §5.1: all members call collectives in the
 * same order).
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
        MPI_Bcast(buf, buff_size, type, root, newcom);
        MPI_Reduce(buf, res, buff_size, type, op, root, newcom);
    } else {
        MPI_Reduce(buf, res, buff_size, type, op, root, newcom);
        MPI_Bcast(buf, buff_size, type, root, newcom);
    }
    free(buf);
    free(res);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
