/* RUN: -n 3
 * EXPECT: error memory-error
 * Rank 0 stores each worker's result at index status.MPI_SOURCE of an array sized for the
 * size-1 workers; worker ranks run 1..size-1, so the result of rank size-1 is written one
 * past the end of the heap block (should be index MPI_SOURCE-1). Happens in every order.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int nw = size - 1;
        int *res = malloc(nw * sizeof(int));
        for (int k = 0; k < nw; k++) {
            int v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            res[st.MPI_SOURCE] = v; /* bug: off by one */
        }
        int sum = 0;
        for (int k = 0; k < nw; k++)
            sum += res[k];
        assert(sum == nw * (nw + 1) / 2);
        free(res);
    } else {
        int v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
