/* RUN: -n 2 --any-input
 * EXPECT: error deadlock
 * Rank 0 sends its sample to rank 1 only when the draw passes a quality threshold, but
 * rank 1 always waits for it. With glibc's default seed the first draw (1804289383) passes,
 * so every real run works; under --any-input the draws below RAND_MAX / 4 deadlock.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, sample = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int draw = rand();
        sample = draw / 1000;
        if (draw >= RAND_MAX / 4)
            MPI_Send(&rank, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        int from;
        MPI_Recv(&from, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return sample < 0;
}
