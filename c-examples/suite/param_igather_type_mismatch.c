/* RUN: -n 2
 * EXPECT: error count-mismatch
 * Rank 1 contributes one MPI_DOUBLE to MPI_Igather while the root expects one MPI_INT from each
 * rank: 8 bytes against 4, so the amounts differ (MPI 3.1 §5.5).
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
    MPI_Datatype stype = MPI_INT;
    double val[1] = {1.0};
    int all[8];
    if (rank == 1)
        stype = MPI_DOUBLE;
    MPI_Igather(val, 1, stype, all, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
