/* RUN: -n 4
 * EXPECT: error mpi-usage
 * EXPECT: error buffering-hazard
 * A user bug: a shift to the right where every rank sends to rank+1 and receives from
 * rank-1, but the author forgot that the last rank has nobody to send to and wrote
 * `(rank + 1) % size`, while rank 0 (correctly) skips its receive: the last rank's
 * message to rank 0 is never received. MPI_Finalize with that message pending is
 * erroneous (MPI 3.1 §8.7), and without buffering the send would block forever.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, out, in = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    out = rank;
    MPI_Send(&out, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    if (rank > 0)
        MPI_Recv(&in, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
