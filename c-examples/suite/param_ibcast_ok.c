/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of param_ibcast_root_mismatch: root 0 everywhere, the value is checked after
 * MPI_Wait.
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
    int root = 0;
    int buf = rank == root ? 17 : 0;
    MPI_Ibcast(&buf, 1, MPI_INT, root, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (buf != 17)
        printf("wrong value\n");

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
