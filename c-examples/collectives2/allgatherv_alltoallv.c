/* RUN: -n 3
 * EXPECT: verified
 * MPI_Allgatherv in place (every rank's block already sits at its displacement, MPI 3.1
 * §5.7), then MPI_Alltoallv where rank i sends j+1 ints to rank j with per-peer send and
 * receive displacements (§5.8), then the same exchange with MPI_Alltoallw, whose
 * displacements are in bytes and whose datatypes are per peer. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int all[16], counts[8], displs[8], at = 0;
    for (int r = 0; r < size; r++) {
        counts[r] = r + 1;
        displs[r] = at;
        at += r + 1;
    }
    for (int k = 0; k <= rank; k++)
        all[displs[rank] + k] = 100 * rank + k;
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        for (int k = 0; k <= r; k++)
            assert(all[displs[r] + k] == 100 * r + k);

    /* rank i sends j+1 ints to j: values 1000*i + 10*j + k */
    int sbuf[16], rbuf[16], scounts[8], sdispls[8], rcounts[8], rdispls[8];
    int s = 0, r = 0;
    for (int j = 0; j < size; j++) {
        scounts[j] = j + 1;
        sdispls[j] = s;
        for (int k = 0; k <= j; k++)
            sbuf[s + k] = 1000 * rank + 10 * j + k;
        s += j + 1;
        rcounts[j] = rank + 1;
        rdispls[j] = r;
        r += rank + 1;
    }
    MPI_Alltoallv(sbuf, scounts, sdispls, MPI_INT, rbuf, rcounts, rdispls, MPI_INT,
                  MPI_COMM_WORLD);
    for (int i = 0; i < size; i++)
        for (int k = 0; k <= rank; k++)
            assert(rbuf[rdispls[i] + k] == 1000 * i + 10 * rank + k);

    int sbytes[8], rbytes[8], types[8];
    for (int j = 0; j < size; j++) {
        sbytes[j] = sdispls[j] * (int)sizeof(int);
        rbytes[j] = rdispls[j] * (int)sizeof(int);
        types[j] = MPI_INT;
        rbuf[rdispls[j]] = -1;
    }
    MPI_Alltoallw(sbuf, scounts, sbytes, types, rbuf, rcounts, rbytes, types, MPI_COMM_WORLD);
    for (int i = 0; i < size; i++)
        assert(rbuf[rdispls[i]] == 1000 * i + 10 * rank);
    MPI_Finalize();
    return 0;
}
