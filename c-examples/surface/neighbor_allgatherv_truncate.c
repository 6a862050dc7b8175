/* RUN: -n 3
 * EXPECT: error count-mismatch
 * MPI_Neighbor_allgatherv on a periodic ring: every rank sends 2 ints but
 * makes room for only 1 from its right neighbor (recvcounts[1] = 1): the
 * message is longer than its receive block (MPI 3.1 §7.6.2, §3.2.4).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int dims[1] = {size}, periods[1] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_rank(ring, &rank);
    int mine[2] = {rank, rank};
    int counts[2] = {2, 1}, displs[2] = {0, 2};
    int all[4];
    MPI_Neighbor_allgatherv(mine, 2, MPI_INT, all, counts, displs, MPI_INT, ring);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
