/* RUN: -n 2
 * EXPECT: error op-mismatch
 * A nonblocking MPI_Iallreduce where rank 1 passes MPI_PROD and rank 0 MPI_SUM (MPI 3.1
 * §5.12.8).
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

    MPI_Request req;
    MPI_Op op = MPI_SUM;
    double in = 1.5, out = 0.0;
    if (rank == 1)
        op = MPI_PROD;
    MPI_Iallreduce(&in, &out, 1, MPI_DOUBLE, op, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
