/* RUN: -n 3
 * EXPECT: verified
 * MPI_Testsome polled until both receives are in: each call returns outcount 0 ("not yet")
 * or any non-empty set of the completed requests (MPI 3.1 §3.7.5). Asking again from the
 * same state is not a new behavior, so the loop explores finitely many executions.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int in[2] = {0, 0}, indices[2], outcount, got = 0;
        MPI_Request reqs[2];
        MPI_Irecv(&in[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&in[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        while (got < 2) {
            MPI_Testsome(2, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
            got += outcount;
        }
        assert(in[0] == 1 && in[1] == 2);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
