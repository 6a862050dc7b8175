/* RUN: -n 4
 * EXPECT: verified
 * A periodic 2x2 process grid: MPI_Cart_shift wraps around, and a halo
 * exchange along each dimension receives the neighbor's rank. Rank 0 also
 * checks MPI_Dims_create and the topology inquiries (coordinates are
 * row-major).
 */
#include <assert.h>
#include <mpi.h>

static void inquire(MPI_Comm grid) {
    int dims[2] = {0, 0};
    MPI_Dims_create(4, 2, dims);
    assert(dims[0] == 2 && dims[1] == 2);
    int status, ndims, coords[2] = {1, 0}, back;
    MPI_Topo_test(grid, &status);
    assert(status == MPI_CART);
    MPI_Topo_test(MPI_COMM_WORLD, &status);
    assert(status == MPI_UNDEFINED);
    MPI_Cartdim_get(grid, &ndims);
    assert(ndims == 2);
    MPI_Cart_rank(grid, coords, &back);
    assert(back == 2);
    int wrapped[2] = {3, -2}; /* periodic: the same as {1, 0} */
    MPI_Cart_rank(grid, wrapped, &back);
    assert(back == 2);
    MPI_Cart_coords(grid, 3, 2, coords);
    assert(coords[0] == 1 && coords[1] == 1);
    int gd[2], gp[2], gc[2];
    MPI_Cart_get(grid, 2, gd, gp, gc);
    assert(gd[0] == 2 && gd[1] == 2 && gp[0] == 1 && gp[1] == 1);
    assert(gc[0] == 0 && gc[1] == 0);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int dims[2] = {2, 2}, periods[2] = {1, 1};
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    int grank;
    MPI_Comm_rank(grid, &grank);
    if (grank == 0)
        inquire(grid);

    for (int d = 0; d < 2; d++) {
        int src, dst;
        MPI_Cart_shift(grid, d, 1, &src, &dst);
        /* On a periodic 2-wide dimension both neighbors are the same process. */
        assert(src == dst);
        assert(src == (d == 0 ? (grank + 2) % 4 : (grank ^ 1)));
        int got = -1;
        MPI_Sendrecv(&grank, 1, MPI_INT, dst, d, &got, 1, MPI_INT, src, d, grid,
                     MPI_STATUS_IGNORE);
        assert(got == src);
    }

    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
