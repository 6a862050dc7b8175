/* RUN: -n 4
 * EXPECT: verified
 * Pairwise exchange (0<->1, 2<->3) in two rounds with MPI_Irecv + MPI_Isend + MPI_Wait.
 * Both operations are posted before either wait, so the exchange cannot block under any
 * buffering; an odd rank count leaves the last rank talking to MPI_PROC_NULL.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int partner = rank ^ 1;
    if (partner >= size)
        partner = MPI_PROC_NULL;

    for (int round = 0; round < 2; round++) {
        int out = 100 * rank + round, in = -1;
        MPI_Request rreq, sreq;
        MPI_Irecv(&in, 1, MPI_INT, partner, round, MPI_COMM_WORLD, &rreq);
        MPI_Isend(&out, 1, MPI_INT, partner, round, MPI_COMM_WORLD, &sreq);
        MPI_Wait(&rreq, MPI_STATUS_IGNORE);
        MPI_Wait(&sreq, MPI_STATUS_IGNORE);
        if (partner != MPI_PROC_NULL)
            assert(in == 100 * partner + round);
        else
            assert(in == -1);
    }
    MPI_Finalize();
    return 0;
}
