/* RUN: -n 2 --any-input -- 8
 * EXPECT: error deadlock
 * Both ranks read the same seed from the command line and decide from its bits whether an
 * extra correction message is exchanged. Rank 0 tests the xor of bits 0 and 3, rank 1
 * only bit 3: they agree for the given seed 8 (and for half of all seeds), so real runs
 * with the usual arguments pass. Under --any-input the bit tests are path constraints and
 * the SMT solver finds a seed on which the ranks disagree; the deadlock names it.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int needs_correction_sender(int seed) { return ((seed ^ (seed >> 3)) & 1) != 0; }

static int needs_correction_receiver(int seed) { return ((seed >> 3) & 1) != 0; }

int main(int argc, char **argv) {
    int rank, seed, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: %s SEED\n", argv[0]);
        MPI_Finalize();
        return 1;
    }
    seed = atoi(argv[1]);
    if (rank == 0) {
        value = seed * 7;
        if (needs_correction_sender(seed))
            MPI_Send(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        if (needs_correction_receiver(seed))
            MPI_Recv(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
