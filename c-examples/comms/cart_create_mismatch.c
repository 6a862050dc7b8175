/* RUN: -n 4
 * EXPECT: error collective-mismatch
 * Rank 3 reads the grid shape from its own (stale) configuration and asks for
 * a 4x1 grid while the others ask for 2x2: MPI_Cart_create needs the same
 * dims and periods on every process (MPI 3.1 §7.5.1).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int dims[2] = {2, 2}, periods[2] = {0, 0};
    if (rank == 3) {
        dims[0] = 4;
        dims[1] = 1;
    }
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
