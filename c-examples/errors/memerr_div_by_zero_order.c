/* RUN: -n 3
 * EXPECT: error memory-error
 * Rank 0 computes a mean from a sum (sent by rank 1, which is 0 for its symmetric samples)
 * and a count (sent by rank 2), but takes them in wildcard arrival order. When rank 2's
 * message arrives first, "sum" = 4 and "count" = 0: integer division by zero. The other
 * order is harmless, so only an exploration of both matches finds it.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, mean = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int sum, count;
        MPI_Recv(&sum, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&count, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        mean = sum / count;
    } else if (rank == 1) {
        int samples[4] = {-2, -1, 1, 2}, sum = 0;
        for (int i = 0; i < 4; i++)
            sum += samples[i];
        MPI_Send(&sum, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        int count = 4;
        MPI_Send(&count, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Bcast(&mean, 1, MPI_INT, 0, MPI_COMM_WORLD);
    printf("rank %d: mean %d\n", rank, mean);
    MPI_Finalize();
    return 0;
}
