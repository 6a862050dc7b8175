/* RUN: -n 4
 * EXPECT: verified
 * Neighborhood collectives (MPI 3.1 §7.6) on a periodic 1-D grid: every
 * process gathers its left and right neighbors' ranks, then sends a
 * different value in each direction with MPI_Neighbor_alltoall.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int dims[1] = {0}, periods[1] = {1};
    MPI_Dims_create(size, 1, dims);
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_rank(ring, &rank);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    int got[2] = {-1, -1};
    MPI_Neighbor_allgather(&rank, 1, MPI_INT, got, 1, MPI_INT, ring);
    assert(got[0] == left && got[1] == right);

    /* Block 0 goes to the left neighbor, block 1 to the right one. */
    int out[2] = {100 + rank, 200 + rank}, in[2] = {-1, -1};
    MPI_Neighbor_alltoall(out, 1, MPI_INT, in, 1, MPI_INT, ring);
    assert(in[0] == 200 + left && in[1] == 100 + right);

    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
