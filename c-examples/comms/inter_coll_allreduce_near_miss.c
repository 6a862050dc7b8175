/* RUN: -n 4
 * EXPECT: error assertion
 * A classic misreading of MPI_Allreduce on an intercommunicator: the program expects the
 * sum over all four processes, but each group receives the reduction of the OTHER group's
 * contributions (MPI 3.1 §5.9.6): the lower group gets 2 + 3, the upper group 0 + 1.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 2;
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 2, 7, &inter);
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, inter);
    assert(sum == 0 + 1 + 2 + 3);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
