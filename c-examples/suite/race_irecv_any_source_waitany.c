/* RUN: -n 3
 * EXPECT: error assertion
 * Rank 0 posts two wildcard receives and uses MPI_Waitany; it assumes the first completed
 * request holds rank 1's message, but either may complete first.
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

    MPI_Request reqs[2];
    int vals[2] = {-1, -1};
    int idx = -1;
    if (rank == 0) {
        MPI_Irecv(&vals[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&vals[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitany(2, reqs, &idx, MPI_STATUS_IGNORE);
        if (vals[idx] != 1)
            MPI_Abort(MPI_COMM_WORLD, 2);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (rank <= 2) {
        int v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
