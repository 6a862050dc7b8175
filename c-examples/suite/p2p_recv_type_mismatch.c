/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Rank 0 sends 2 MPI_INT, rank 1 receives 2 MPI_FLOAT: same size, different type signature (MPI
 * 3.1 §3.3.1: the types of sender and receiver must match).
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

    int ibuf[2] = {1, 2};
    float fbuf[2];
    MPI_Datatype type = MPI_INT;
    if (rank == 0)
        MPI_Send(ibuf, 2, type, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1) {
        type = MPI_FLOAT;
        MPI_Recv(fbuf, 2, type, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
