/* RUN: -n 4
 * EXPECT: error deadlock
 * Off-by-one in the worker guard: rank 0 collects one result from each of ranks 1..size-1,
 * but workers only send when rank < size-1 (the last rank was meant as a spare). Rank 0
 * blocks forever in the receive from rank size-1, whatever the buffering.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int sum = 0;
        for (int src = 1; src < size; src++) {
            int v;
            MPI_Recv(&v, 1, MPI_INT, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += v;
        }
        assert(sum == size * (size - 1) / 2);
    } else if (rank < size - 1) {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
