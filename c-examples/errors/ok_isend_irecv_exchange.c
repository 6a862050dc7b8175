/* RUN: -n 2
 * EXPECT: verified
 * Near miss of hazard_send_send.c: post MPI_Irecv first, then MPI_Isend, then MPI_Waitall.
 * Neither call blocks, so both receives are posted before anyone waits; correct with zero
 * buffering. The received data is read only after the Waitall.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    double out[4], in[4];
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    for (int i = 0; i < 4; i++)
        out[i] = rank + 0.25 * i;

    MPI_Irecv(in, 4, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(out, 4, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 4; i++)
        assert(in[i] == partner + 0.25 * i);

    MPI_Finalize();
    return 0;
}
