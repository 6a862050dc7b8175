/* RUN: -n 2 --any-input
 * EXPECT: error deadlock
 * rand_skips_send.c with glibc's 48-bit generator: rank 0 hands a block of work to rank 1
 * only when its lrand48() draw reaches 2^28, but rank 1 always waits for it. With the
 * seed 12345 the first draw is 483889296, so every real run works; under --any-input each
 * draw of the drand48 family is an input (rank0.rand48#1, the generator's 48-bit word;
 * lrand48 is its high 31 bits) and the words whose draw is below 2^28 deadlock.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, block[4] = {1, 2, 3, 4};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    srand48(12345);
    if (rank == 0) {
        long draw = lrand48();
        if (draw >= (1L << 28))
            MPI_Send(block, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(block, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
