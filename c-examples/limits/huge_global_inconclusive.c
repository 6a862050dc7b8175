/* RUN: -n 2
 * EXPECT: inconclusive
 * A zero-initialized global of 2.2 GB: the model file stays small (zeros are not
 * written), and the checker says at once that the block is larger than it holds.
 */
#include <mpi.h>

static char field[2200000000L];

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    field[rank] = 1;
    MPI_Bcast(field, 2, MPI_CHAR, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
