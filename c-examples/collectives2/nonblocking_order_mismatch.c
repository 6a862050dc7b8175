/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * All members must start the collectives of a communicator in the same order, nonblocking
 * ones included (MPI 3.1 §5.12): rank 1 starts its MPI_Iallreduce before its MPI_Ibcast.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, s = 0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Iallreduce(&rank, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[1]);
    } else {
        MPI_Iallreduce(&rank, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[1]);
        MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]);
    }
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Finalize();
    return 0;
}
