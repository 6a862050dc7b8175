/* RUN: -n 2
 * EXPECT: verified
 * MPI_Neighbor_alltoall on periodic Cartesian grids whose periodic dimension holds one or
 * two processes, where the same process is the neighbor in both directions (MPI 3.1 §7.6,
 * with the MPI-4.0 erratum, Annex B.1.1, that applies to 3.1): receive block 2d comes from
 * the neighbor in the negative direction of dimension d and is the block it sent in the
 * positive direction (its block 2d+1), and receive block 2d+1 is the block the positive
 * neighbor sent in the negative direction. So on a ring of one process the two blocks come
 * back swapped, and on a ring of two each process gets its peer's blocks swapped. A 2 x 1
 * torus combines both. MPICH 4.0.2 gives these results.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(size == 2);

    /* Ring of two. */
    MPI_Comm ring;
    int dims[2] = {2, 1}, periods[2] = {1, 1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int peer = 1 - rank;
    int send[4] = {10 * rank, 10 * rank + 1, 10 * rank + 2, 10 * rank + 3};
    int recv[4] = {-1, -1, -1, -1};
    MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, ring);
    assert(recv[0] == 10 * peer + 1 && recv[1] == 10 * peer);
    MPI_Comm_free(&ring);

    /* Ring of one: only rank 0 is in the grid. */
    MPI_Comm self_ring;
    int one[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, one, periods, 0, &self_ring);
    if (rank == 0) {
        recv[0] = recv[1] = -1;
        MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, self_ring);
        assert(recv[0] == 1 && recv[1] == 0);
        MPI_Comm_free(&self_ring);
    } else {
        assert(self_ring == MPI_COMM_NULL);
    }

    /* 2 x 1 torus: dimension 0 pairs with the peer, dimension 1 with itself. */
    MPI_Comm torus;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &torus);
    for (int k = 0; k < 4; k++)
        recv[k] = -1;
    MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, torus);
    assert(recv[0] == 10 * peer + 1 && recv[1] == 10 * peer);
    assert(recv[2] == 10 * rank + 3 && recv[3] == 10 * rank + 2);
    MPI_Comm_free(&torus);
    MPI_Finalize();
    return 0;
}
