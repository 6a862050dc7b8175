/* RUN: -n 2
 * EXPECT: error mpi-usage
 * Rank 0 uses a ready send for speed, but rank 1 posts its receive only after some local work,
 * with nothing in between telling rank 0 that it did: MPI_Rsend may start before the receive is
 * posted, which is erroneous (MPI 3.1 §3.4). Most runs happen to work.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, data[2] = {3, 4}, in[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Rsend(data, 2, MPI_INT, 1, 5, MPI_COMM_WORLD);
    } else {
        int warmup = 0;
        for (int i = 0; i < 100; i++)
            warmup += i;
        MPI_Recv(in, 2, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
