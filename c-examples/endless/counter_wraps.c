/* RUN: -n 2
 * EXPECT: error non-termination
 * An `unsigned char` counter can never reach 300 (C11 §6.2.5p9: it wraps
 * modulo 256), so the loop goes round forever: its state repeats every 256
 * passes. Found by comparing states, whatever the period.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mix = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (unsigned char i = 0; i < 300; i++) /* BUG: i wraps at 256 */
        mix ^= i;
    int peer = 1 - rank, got;
    MPI_Sendrecv(&mix, 1, MPI_INT, peer, 0, &got, 1, MPI_INT, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
