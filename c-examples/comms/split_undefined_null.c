/* RUN: -n 3
 * EXPECT: error invalid-argument
 * EXPECT: error resource-leak
 * Rank 2 passes MPI_UNDEFINED as its color and gets MPI_COMM_NULL, but then
 * joins the reduction on the new communicator like everyone else.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm active;
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, 0, &active);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, active);
    MPI_Finalize();
    return 0;
}
