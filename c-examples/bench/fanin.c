/* RUN: -n 4
 * EXPECT: verified
 * Wildcard fan-in benchmark: every worker sends one value to rank 0, which receives size-1
 * messages with MPI_ANY_SOURCE and checks only order-independent facts (each worker seen
 * once with its own value, and the total). Works for any -n; exactly (size-1)! executions.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#ifndef TAG
#define TAG 0
#endif

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int *seen = calloc(size, sizeof(int));
        long total = 0;
        for (int k = 1; k < size; k++) {
            int v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &st);
            assert(st.MPI_SOURCE > 0 && st.MPI_SOURCE < size);
            assert(v == 10 * st.MPI_SOURCE + 1);
            seen[st.MPI_SOURCE]++;
            total += v;
        }
        for (int r = 1; r < size; r++)
            assert(seen[r] == 1);
        assert(total == 5L * size * (size - 1) + (size - 1));
        free(seen);
    } else {
        int v = 10 * rank + 1;
        MPI_Send(&v, 1, MPI_INT, 0, TAG, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
