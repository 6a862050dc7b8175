/* RUN: -n 4
 * EXPECT: verified
 * Wildcard fan-in whose receiver only sums: every worker sends one value to rank 0,
 * which takes them with MPI_ANY_SOURCE in whatever order they come and checks the
 * total. The (size-1)! orders are all executions the standard allows, but after k
 * receives the state depends only on which k workers were heard and on the last
 * message in the receive buffer, so the stateful search explores about
 * size * 2^(size-1) states instead of (size-1)! executions (scripts/bench).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        long sum = 0;
        for (int k = 1; k < size; k++) {
            long v;
            MPI_Recv(&v, 1, MPI_LONG, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += v;
        }
        /* workers send 1, 2, ..., size-1 */
        assert(sum == (long)size * (size - 1) / 2);
    } else {
        long v = rank;
        MPI_Send(&v, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
