/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of req_request_free_isend_write, the pattern of MPI 3.1 Example 3.12: rank 1
 * replies after its receive completed, so once rank 0 has the reply it may reuse the freed
 * send's buffer.
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
    int buff_size = 2;
    int ack = 0;
    int *buf = (int *)calloc(buff_size, sizeof(int));
    if (rank == 0) {
        MPI_Isend(buf, buff_size, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        buf[0] = 7;
    } else if (rank == 1) {
        MPI_Recv(buf, buff_size, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
