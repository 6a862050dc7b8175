/* RUN: -n 2
 * EXPECT: error count-mismatch
 * Rank 1 receives 3 ints from a nonblocking broadcast of 4 (MPI 3.1 §5.12.2: the counts and
 * types of MPI_Ibcast follow MPI_Bcast's rules).
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
    int buff_size = 4;
    int *buf = (int *)calloc(buff_size, sizeof(int));
    int count = rank == 1 ? buff_size - 1 : buff_size;
    MPI_Ibcast(buf, count, MPI_INT, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    free(buf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
