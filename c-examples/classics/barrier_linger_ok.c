/* RUN: -n 3
 * EXPECT: verified
 * Vakkalanka et al. 2008b, §2, Figure 2 (barrier semantics). P0: Isend(to 1), Barrier, Wait. P1: Irecv(*),
 * Barrier, Wait. P2: Barrier, Isend(to 1), Wait. Both sends can match P1's wildcard although
 * P2's is issued after the barrier. Completed with a second wildcard receive on P1 so every
 * message is consumed; the order-independent sum check holds in both matchings.
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
        MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(x + y == 55);
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
