/* RUN: -n 2
 * EXPECT: error non-termination
 * Rank 1 waits for a flag that only a signal handler or another thread
 * could set, and neither exists: `done` stays 0, nothing in the loop
 * changes anything, and there is no MPI call in it. After one pass the
 * process is back in the state it was in, so it never leaves the loop: an
 * error at the loop's line, with the value it keeps reading, not an
 * instruction budget running out.
 */
#include <mpi.h>

static volatile int done;

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        while (!done) { /* BUG: nothing sets done */
        }
    }
    MPI_Finalize();
    return 0;
}
