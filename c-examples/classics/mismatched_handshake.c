/* RUN: -n 3
 * EXPECT: error deadlock
 * Palmer et al. 2007, §2, Figure 1 (mismatched handshake). Every rank but 0 Issends its value to rank
 * 0 and waits; rank 0 loops i = 0..size-1 posting Irecv(from i) and waiting on it, so its
 * very first receive is from itself and nobody sends that message. Rank 0 blocks in the
 * first Wait and the synchronous sends never complete: deadlock.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, x;
    MPI_Request h;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank != 0) {
        x = rank;
        MPI_Issend(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &h);
        MPI_Wait(&h, MPI_STATUS_IGNORE);
    } else {
        for (int i = 0; i < size; i++) { /* bug: should start at 1 */
            MPI_Irecv(&x, 1, MPI_INT, i, 0, MPI_COMM_WORLD, &h);
            MPI_Wait(&h, MPI_STATUS_IGNORE);
        }
    }
    MPI_Finalize();
    return 0;
}
