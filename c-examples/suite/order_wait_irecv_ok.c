/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of order_wait_irecv_wrong_tag: both sides use tag 1.
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
        MPI_Irecv(&buf, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (buf != 5)
            printf("wrong value\n");
    } else if (rank == 1) {
        buf = 5;
        MPI_Send(&buf, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
