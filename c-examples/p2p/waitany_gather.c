/* RUN: -n 4
 * EXPECT: verified
 * Rank 0 posts one MPI_Irecv per worker and drains them with MPI_Waitany in whatever order
 * they complete. Each completion is checked against its index and status.MPI_SOURCE, and
 * every worker must be seen exactly once; nothing depends on the completion order.
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
        int *vals = malloc(nw * sizeof(int));
        int *seen = calloc(nw, sizeof(int));
        MPI_Request *reqs = malloc(nw * sizeof(MPI_Request));
        for (int w = 0; w < nw; w++)
            MPI_Irecv(&vals[w], 1, MPI_INT, w + 1, 0, MPI_COMM_WORLD, &reqs[w]);
        for (int k = 0; k < nw; k++) {
            int idx;
            MPI_Status st;
            MPI_Waitany(nw, reqs, &idx, &st);
            assert(st.MPI_SOURCE == idx + 1);
            assert(vals[idx] == (idx + 1) * (idx + 1));
            seen[idx]++;
        }
        for (int w = 0; w < nw; w++)
            assert(seen[w] == 1);
        free(reqs);
        free(seen);
        free(vals);
    } else {
        int v = rank * rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
