/* RUN: -n 2
 * EXPECT: error root-mismatch
 * A nonblocking broadcast where rank 1 names itself as root: MPI_Ibcast follows the same root
 * rule as MPI_Bcast (MPI 3.1 §5.12.2).
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
    int buf = rank;
    if (rank == 1)
        root = 1;
    MPI_Ibcast(&buf, 1, MPI_INT, root, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
