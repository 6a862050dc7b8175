/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of local_igather_write_recvbuf.
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
    int val = rank;
    int *all = (int *)calloc(nprocs, sizeof(int));
    MPI_Igather(&val, 1, MPI_INT, all, 1, MPI_INT, root, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == root && all[1] != 1)
        printf("wrong gather\n");
    free(all);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
