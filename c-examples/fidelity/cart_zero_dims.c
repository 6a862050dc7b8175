/* RUN: -n 3
 * EXPECT: verified
 * Zero-dimensional Cartesian topologies are valid (MPI 3.1 §7.5.1: "If ndims is zero then a
 * zero-dimensional Cartesian topology is created"): the grid is the empty product, one
 * process, so MPI_Cart_create gives rank 0 a communicator of size 1 with 0 dimensions and
 * the others MPI_COMM_NULL, and MPI_Cart_map (§7.5.8) maps rank 0 to 0 and the others to
 * MPI_UNDEFINED. MPI_Dims_create with ndims 0 has no entry to fill, and §7.5.2 makes only
 * an nnodes that is not a multiple of the given dims' product an error (the empty product
 * is 1). All three succeed in MPICH.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, newrank, ndims = -1, status, crank = -1, csize = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int dims[1] = {7}, periods[1] = {0};
    MPI_Dims_create(1, 0, dims);
    MPI_Dims_create(4, 0, dims);
    assert(dims[0] == 7);
    MPI_Cart_map(MPI_COMM_WORLD, 0, dims, periods, &newrank);
    assert(newrank == (rank == 0 ? 0 : MPI_UNDEFINED));
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 0, dims, periods, 0, &cart);
    if (rank == 0) {
        assert(cart != MPI_COMM_NULL);
        MPI_Comm_size(cart, &csize);
        MPI_Cartdim_get(cart, &ndims);
        MPI_Topo_test(cart, &status);
        MPI_Cart_rank(cart, dims, &crank);
        assert(csize == 1 && ndims == 0 && status == MPI_CART && crank == 0);
        MPI_Comm_free(&cart);
    } else {
        assert(cart == MPI_COMM_NULL);
    }
    MPI_Finalize();
    return 0;
}
