/* RUN: -n 3
 * EXPECT: error assertion
 * The program of rendezvous_orders_wildcard.c under the default buffering (any behavior a
 * library may show). When rank 0's first send is buffered, rank 0 goes on to its second send,
 * rank 1 receives it and forwards to rank 2, and rank 1's message can be the one rank 2's first
 * wildcard receive matches: the assertion fails.
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
