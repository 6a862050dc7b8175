/* RUN: -n 2
 * EXPECT: verified
 * Near miss of hazard_send_send.c: the same head-to-head exchange written with
 * MPI_Sendrecv, which MPI guarantees not to deadlock on a symmetric exchange, so it is
 * correct with zero buffering as well as with eager sends.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    double out[4], in[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    for (int i = 0; i < 4; i++)
        out[i] = rank + 0.25 * i;

    MPI_Sendrecv(out, 4, MPI_DOUBLE, partner, 0, in, 4, MPI_DOUBLE, partner, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        assert(in[i] == partner + 0.25 * i);

    MPI_Finalize();
    return 0;
}
