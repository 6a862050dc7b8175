/* RUN: -n 3
 * EXPECT: error buffering-hazard
 * EXPECT: error assertion
 * The user guide's tutorial (docs/guide/getting-started.md), first version. Each rank passes
 * its value around a ring with MPI_Send then MPI_Recv, and rank 0 collects every partial sum
 * with a wildcard receive and checks them in the order it expects. Two bugs: every rank sends
 * before it receives, which works only while MPI buffers the sends (MPI 3.1 §3.5), and rank 0
 * assumes the partial sums arrive in rank order, which MPI_ANY_SOURCE does not promise.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    int mine = rank + 1, from_left;
    MPI_Send(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    MPI_Recv(&from_left, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int partial = mine + from_left;

    if (rank == 0) {
        for (int r = 1; r < size; r++) {
            int got;
            MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(got == (r + 1) + r); /* rank r's partial sum */
        }
        printf("partial sum of rank 0: %d\n", partial);
    } else {
        MPI_Send(&partial, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
