/* RUN: -n 5
 * EXPECT: error deadlock
 * A backward pipeline: each stage receives a partial sum from the next rank,
 * adds its own value and passes it on to the previous rank; the last rank
 * starts the pipeline. Here the last rank only starts it when it has work
 * (`count > 0`), and with the default count of zero it has none: it skips its
 * send and finishes, and every other stage waits for the one after it. The
 * report names the whole chain in one line, 0 -> 1 -> 2 -> 3 -> 4, and the
 * process at its end that finished without sending (MPI 3.1 §3.4: a blocking
 * receive returns only after a matching message arrives).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size, count = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    double partial = 0.0;
    if (rank == size - 1) {
        if (count > 0) {
            partial = (double)rank;
            MPI_Send(&partial, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD);
        }
    } else {
        MPI_Recv(&partial, 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        partial += (double)rank;
        if (rank > 0)
            MPI_Send(&partial, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("sum of ranks: %g\n", partial);
    MPI_Finalize();
    return 0;
}
