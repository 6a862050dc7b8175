/* RUN: -n 2
 * EXPECT: verified
 * Ranks exchange vectors held in cache-line aligned buffers, as vectorized HPC codes
 * allocate them: posix_memalign for the send buffer, aligned_alloc for the receive
 * buffer (C11 7.22.3.1). The alignment holds, the data arrives, both are freed.
 */
#include <assert.h>
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

#define N 8

int main(int argc, char **argv) {
    int rank;
    double *out = NULL, *in;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (posix_memalign((void **)&out, 64, N * sizeof(double)) != 0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    in = aligned_alloc(64, N * sizeof(double));
    if (in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 2);
    assert((uintptr_t)out % 64 == 0 && (uintptr_t)in % 64 == 0);
    for (int i = 0; i < N; i++)
        out[i] = rank * 10.0 + i;
    int other = 1 - rank;
    MPI_Sendrecv(out, N, MPI_DOUBLE, other, 0, in, N, MPI_DOUBLE, other, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
        assert(in[i] == other * 10.0 + i);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
