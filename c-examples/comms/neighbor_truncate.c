/* RUN: -n 2
 * EXPECT: error count-mismatch
 * On a periodic ring each process sends two ints to each neighbor with
 * MPI_Neighbor_alltoall but reserves room for one int per neighbor.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int dims[1] = {2}, periods[1] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int out[4] = {1, 2, 3, 4}, in[4];
    MPI_Neighbor_alltoall(out, 2, MPI_INT, in, 1, MPI_INT, ring);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
