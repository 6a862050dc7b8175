/* RUN: -n 3
 * EXPECT: verified
 * On a periodic 1-D Cartesian ring (MPI 3.1 §7.6.2), MPI_Neighbor_alltoallv
 * sends r+1 ints to the left neighbor and one int to the right one, placed
 * by displacements; MPI_Neighbor_allgatherv gathers one int from the left
 * and two from the right at chosen offsets. Every rank checks what arrived.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int dims[1] = {size}, periods[1] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_rank(ring, &rank);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    /* Neighbor order for a 1-D grid: left (source of shift +1), then right. */
    int send[4] = {rank * 10, rank * 10 + 1, rank * 10 + 2, -rank};
    int scounts[2] = {rank + 1, 1}, sdispls[2] = {0, 3};
    int rcounts[2] = {1, right + 1}, rdispls[2] = {4, 0};
    int recv[5] = {-1, -1, -1, -1, -1};
    MPI_Neighbor_alltoallv(send, scounts, sdispls, MPI_INT, recv, rcounts, rdispls, MPI_INT, ring);
    /* From the left: its block for its right neighbor, one int -left. */
    assert(recv[4] == -left);
    /* From the right: its first right+1 ints. */
    for (int i = 0; i <= right; i++) assert(recv[i] == right * 10 + i);

    int mine[2] = {rank, 100 + rank};
    int counts[2] = {2, 2}, displs[2] = {2, 0};
    int all[4];
    MPI_Neighbor_allgatherv(mine, 2, MPI_INT, all, counts, displs, MPI_INT, ring);
    assert(all[2] == left && all[3] == 100 + left);
    assert(all[0] == right && all[1] == 100 + right);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
