/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * Rank 0 (the root) broadcasts the new parameters before collecting the
 * residuals, the other ranks reduce first and then wait for the broadcast.
 * Collectives on a communicator must be called in the same order by all its
 * members (MPI 3.1 §5.13): the first collective is an MPI_Bcast on rank 0 and
 * an MPI_Reduce elsewhere.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, param = 0, res, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    res = rank + 1;

    if (rank == 0) {
        param = 42;
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Reduce(&res, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    } else {
        MPI_Reduce(&res, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
