/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_Allreduce gets the same array as send and receive buffer: a buffer MPI writes must not be
 * aliased with another argument (MPI 3.1 §2.3); the in-place form is MPI_IN_PLACE.
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
    MPI_Allreduce(buf, buf, buff_size, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
