/* RUN: -n 2
 * EXPECT: error assertion
 * An atexit handler checks that every rank acknowledged the shutdown, but only rank 0
 * counts the acknowledgement. Handlers run after main returns (C11 §7.22.4.4), here on
 * rank 1 with a count of 0.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static int acks;

static void check_acks(void) { assert(acks == 1); }

int main(int argc, char **argv) {
    int rank, token = 7;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    atexit(check_acks);
    MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        acks++;
    MPI_Finalize();
    return 0;
}
