/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * Rank 0 calls MPI_Ibcast, rank 1 the blocking MPI_Bcast: a nonblocking collective never
 * matches a blocking one (MPI 3.1 §5.12).
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
    int buf = 0;
    if (rank == 0) {
        MPI_Ibcast(&buf, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else
        MPI_Bcast(&buf, 1, MPI_INT, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
