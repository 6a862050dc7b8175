/* RUN: -n 4
 * EXPECT: verified
 * Inclusive parallel prefix sum by recursive doubling written by hand with Sendrecv /
 * Send / Recv at distances 1, 2, 4...; the result is compared with MPI_Scan.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static long prefix(long mine, int rank, int size, MPI_Comm comm) {
    long acc = mine;
    for (int d = 1; d < size; d <<= 1) {
        long in = 0;
        int to = rank + d, from = rank - d;
        if (to < size && from >= 0)
            MPI_Sendrecv(&acc, 1, MPI_LONG, to, d, &in, 1, MPI_LONG, from, d, comm,
                         MPI_STATUS_IGNORE);
        else if (to < size)
            MPI_Send(&acc, 1, MPI_LONG, to, d, comm);
        else if (from >= 0)
            MPI_Recv(&in, 1, MPI_LONG, from, d, comm, MPI_STATUS_IGNORE);
        acc += in;
    }
    return acc;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long mine = 3L * rank + 1;
    long mysum = prefix(mine, rank, size, MPI_COMM_WORLD);
    long ref;
    MPI_Scan(&mine, &ref, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: prefix %ld (scan %ld)\n", rank, mysum, ref);
    assert(mysum == ref);
    MPI_Finalize();
    return 0;
}
