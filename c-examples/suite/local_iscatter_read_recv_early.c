/* RUN: -n 2
 * EXPECT: error local-race
 * Rank 1 reads its MPI_Iscatter receive buffer before MPI_Wait (MPI 3.1 §5.12).
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
    int piece = -1;
    int *sbuf = (int *)calloc(nprocs, sizeof(int));
    MPI_Iscatter(sbuf, 1, MPI_INT, &piece, 1, MPI_INT, root, MPI_COMM_WORLD, &req);
    if (rank == 1 && piece == -1)
        printf("piece not there yet\n");
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    free(sbuf);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
