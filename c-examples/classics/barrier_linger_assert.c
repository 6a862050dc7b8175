/* RUN: -n 3
 * EXPECT: error assertion
 * Vakkalanka et al. 2008b, §2, Figure 2, with the belief the figure refutes turned into an assertion: P1
 * asserts its wildcard Irecv, posted before the barrier, got P0's pre-barrier message (22).
 * P0's Isend may linger across the barrier, so P2's post-barrier Isend (33) can match the
 * wildcard first. A checker that ignores lingering operations would wrongly verify this.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Request h;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int v = 22;
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &h);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&h, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        int x = 0, y = 0;
        MPI_Irecv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &h);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&h, MPI_STATUS_IGNORE);
        assert(x == 22); /* wrong: 33 may overtake across the barrier */
        MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        int v = 33;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &h);
        MPI_Wait(&h, MPI_STATUS_IGNORE);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
