/* RUN: -n 3
 * EXPECT: error assertion
 * EXPECT: error root-mismatch
 * Two independent bugs in one run. Rank 0 gathers one value from each worker with a
 * wildcard receive and assumes they arrive in reverse rank order (a message race), then all ranks
 * broadcast, but rank 2 names a different root. Both are reported.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, v, root;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (int i = 1; i < size; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            assert(st.MPI_SOURCE == size - i);
        }
    } else {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    root = rank == 2 ? 1 : 0;
    MPI_Bcast(&v, 1, MPI_INT, root, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
