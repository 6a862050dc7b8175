/* RUN: -n 3
 * EXPECT: error invalid-argument
 * An all-to-all exchange with variable counts whose receive displacements
 * are computed from the send counts instead of the receive counts: rank
 * r receives r+1 ints from every rank, but its displacements step by one
 * int, so on ranks 1 and 2 the block from one rank overlaps the next one's.
 * One call must not write the same memory twice (MPI 3.1 §2.3); the report
 * names the two overlapping blocks.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *scounts = malloc(size * sizeof(int)), *sdispls = malloc(size * sizeof(int));
    int *rcounts = malloc(size * sizeof(int)), *rdispls = malloc(size * sizeof(int));
    int stotal = 0;
    for (int p = 0; p < size; p++) {
        scounts[p] = p + 1; /* rank p gets p + 1 ints from everyone */
        sdispls[p] = stotal;
        stotal += scounts[p];
        rcounts[p] = rank + 1;
        rdispls[p] = p; /* bug: should be p * (rank + 1) */
    }
    int *sbuf = malloc(stotal * sizeof(int));
    int *rbuf = malloc(size * (rank + 1) * sizeof(int));
    for (int i = 0; i < stotal; i++)
        sbuf[i] = rank;
    MPI_Alltoallv(sbuf, scounts, sdispls, MPI_INT, rbuf, rcounts, rdispls, MPI_INT,
                  MPI_COMM_WORLD);
    free(sbuf);
    free(rbuf);
    free(scounts);
    free(sdispls);
    free(rcounts);
    free(rdispls);
    MPI_Finalize();
    return 0;
}
