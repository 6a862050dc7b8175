/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of local_irecv_read_before_wait.
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
    int buf[2] = {0, 0};
    int seen = 0;
    if (rank == 0) {
        buf[0] = 1;
        MPI_Send(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Irecv(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        seen = buf[0];
        if (seen != 1)
            printf("wrong value\n");
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
