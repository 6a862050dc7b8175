/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The grid was created, but the shift is asked of MPI_COMM_WORLD, which has
 * no Cartesian topology.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int dims[1] = {2}, periods[1] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int left, right;
    MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &left, &right);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
