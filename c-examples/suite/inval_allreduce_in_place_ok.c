/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of inval_allreduce_aliased_buffers: MPI_IN_PLACE as send buffer (MPI 3.1
 * §5.9.6).
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

    int buff_size = 2;
    int *buf = (int *)calloc(buff_size, sizeof(int));
    buf[0] = rank;
    MPI_Allreduce(MPI_IN_PLACE, buf, buff_size, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (buf[0] != nprocs * (nprocs - 1) / 2)
        printf("wrong sum\n");
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
