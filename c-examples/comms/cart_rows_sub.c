/* RUN: -n 4
 * EXPECT: verified
 * A non-periodic 2x2 grid: shifts past the border give MPI_PROC_NULL.
 * MPI_Cart_sub keeps the second dimension: each row (row-major numbering:
 * {0, 1} and {2, 3}) sums its world ranks on its row communicator, a 1-D
 * grid of 2.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int dims[2] = {2, 2}, periods[2] = {0, 0};
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &grid);
    int row = rank / 2, col = rank % 2;

    int left, right;
    MPI_Cart_shift(grid, 1, 1, &left, &right);
    assert(left == (col == 0 ? MPI_PROC_NULL : rank - 1));
    assert(right == (col == 1 ? MPI_PROC_NULL : rank + 1));

    int remain[2] = {0, 1};
    MPI_Comm rowc;
    MPI_Cart_sub(grid, remain, &rowc);
    int sum;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, rowc);
    assert(sum == (row == 0 ? 0 + 1 : 2 + 3));
    if (rank == 3) {
        int rdims, rperiods, rcoords;
        MPI_Cart_get(rowc, 1, &rdims, &rperiods, &rcoords);
        assert(rdims == 2 && rperiods == 0 && rcoords == 1);
    }

    MPI_Comm_free(&rowc);
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
