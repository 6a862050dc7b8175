/* RUN: -n 3
 * EXPECT: verified
 * The user guide's tutorial (docs/guide/getting-started.md), fixed. MPI_Sendrecv exchanges
 * with both neighbours at once, whatever the buffering, and rank 0 receives each partial sum
 * from its rank (a named source) instead of MPI_ANY_SOURCE, so the order it checks them in
 * is the order they are received in.
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
    MPI_Sendrecv(&mine, 1, MPI_INT, right, 0, &from_left, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    int partial = mine + from_left;

    if (rank == 0) {
        for (int r = 1; r < size; r++) {
            int got;
            MPI_Recv(&got, 1, MPI_INT, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(got == (r + 1) + r); /* rank r's partial sum */
        }
        printf("partial sum of rank 0: %d\n", partial);
    } else {
        MPI_Send(&partial, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
