/* RUN: -n 3
 * EXPECT: verified
 * Correct near-miss for buffering hazards: rank 1's first message can only be taken by
 * rank 0's first wildcard receive (rank 2 sends only after hearing from rank 1), so even
 * without buffering every send finds its receive. A checker that replays the execution
 * "rank 0 takes rank 2's message first" with unbuffered sends gets stuck, but no MPI
 * library can produce that stuck state: the pending wildcard receive would take rank 1's
 * waiting message. Not a buffering hazard.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, a = 1, b = 2, x = 3, r1 = 0, r2 = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&r1, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&r2, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(r1 + r2 == a + b);
    } else if (rank == 1) {
        MPI_Send(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&b, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
