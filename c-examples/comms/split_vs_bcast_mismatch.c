/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * Rank 0 skips the split (it thinks it is not part of the solver) and goes on
 * to the broadcast, while the others split MPI_COMM_WORLD: creating a
 * communicator is a collective of its parent, so both calls are collective
 * #1 on MPI_COMM_WORLD and do not match.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, n = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm solver = MPI_COMM_NULL;
    if (rank != 0)
        MPI_Comm_split(MPI_COMM_WORLD, 1, rank, &solver);
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (solver != MPI_COMM_NULL)
        MPI_Comm_free(&solver);
    MPI_Finalize();
    return 0;
}
