/* RUN: -n 3 --buffering zero
 * EXPECT: verified
 * A rendezvous send completes when it is matched, not when a receive that could match it is
 * posted. Rank 0 sends to rank 2 and then to rank 1; rank 1 forwards to rank 2 only after its
 * receive. Without system buffering rank 0's second send cannot start before its first one was
 * matched by rank 2, so rank 1's forward is always second at rank 2 and the first wildcard
 * receive always sees rank 0 (MPI 3.1 §3.4: a standard send may wait for the matching receive).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, a = 0, b = 0;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v = 10;
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v = 11;
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        assert(st.MPI_SOURCE == 0);
        MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
