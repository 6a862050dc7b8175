/* RUN: -n 3
 * EXPECT: error assertion
 * A barrier does not order messages: rank 1 starts an Isend before the barrier (and waits
 * after it), rank 2 sends only after the barrier, and rank 0 assumes the first wildcard
 * receive after the barrier must get rank 1's message. Rank 1's send may still be in flight,
 * so the wildcard can match rank 2's message first (cf. Vakkalanka et al. 2008a, §1.2 rule v).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int first, second;
        MPI_Status st;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        assert(st.MPI_SOURCE == 1); /* wrong assumption */
        MPI_Recv(&second, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        assert(first + second == 3);
    } else if (rank == 1) {
        int v = 1;
        MPI_Request req;
        MPI_Isend(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        int v = 2;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
