/* Reproducer: receive displacements of MPI_Alltoallv that make two blocks
 * overlap are rightly an error (MPI 3.1 §5.8: no location may be written
 * twice), but the message reads "the receive buffer overlaps the receive
 * buffer" and does not say which blocks (from which ranks) collide.
 *
 *   mpi-check alltoallv_overlapping_blocks_wording.c -n 3
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int size, send[3] = {1, 2, 3}, recv[3];
    int counts[3] = {1, 1, 1}, sdispls[3] = {0, 1, 2}, rdispls[3] = {0, 1, 1};
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size == 3) /* blocks from ranks 1 and 2 both land in recv[1] */
        MPI_Alltoallv(send, counts, sdispls, MPI_INT, recv, counts, rdispls, MPI_INT,
                      MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
