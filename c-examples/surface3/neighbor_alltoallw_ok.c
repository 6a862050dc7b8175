/* RUN: -n 4
 * EXPECT: verified
 * MPI_Neighbor_alltoallw (MPI 3.1 §7.6.2) on a periodic ring (a Cartesian grid
 * of one dimension): a datatype and a byte displacement (MPI_Aint) per neighbor
 * on each side. Each process sends its rank as an int to its left neighbor and
 * twice its rank as a double to its right one; the in-neighbors are, in order,
 * the left then the right one (§7.6), so the block from the left is the double
 * and the block from the right the int.
 */
#include <assert.h>
#include <mpi.h>

struct blocks {
    double from_left;
    int from_right;
};

int main(int argc, char **argv)
{
    int size, rank, dims[1] = {0}, periods[1] = {1};
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dims[0] = size;
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_rank(ring, &rank);
    int left, right;
    MPI_Cart_shift(ring, 0, 1, &left, &right);

    struct {
        int to_left;
        double to_right;
    } out = {rank, 2.0 * rank};
    struct blocks in = {-1.0, -1};
    int scounts[2] = {1, 1}, rcounts[2] = {1, 1};
    MPI_Aint sdispls[2] = {0, (char *)&out.to_right - (char *)&out};
    MPI_Aint rdispls[2] = {0, (char *)&in.from_right - (char *)&in};
    MPI_Datatype stypes[2] = {MPI_INT, MPI_DOUBLE}, rtypes[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Neighbor_alltoallw(&out, scounts, sdispls, stypes, &in, rcounts, rdispls, rtypes, ring);
    assert(in.from_left == 2.0 * left);
    assert(in.from_right == right);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
