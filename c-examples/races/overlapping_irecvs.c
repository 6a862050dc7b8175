/* RUN: -n 3
 * EXPECT: error local-race
 * Rank 0 posts two receives into the same buffer; both are pending together, so which
 * message ends up in it is undefined (MPI 3.1 §3.7.2).
 */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
