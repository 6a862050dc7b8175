/* RUN: -n 2
 * EXPECT: error assertion
 * An atexit handler runs after main returns (C11 §7.22.4.2) and checks a
 * count main kept: the stores to `messages` matter only to the handler.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static int messages;

static void check_count(void) {
    assert(messages == 0); /* BUG: rank 1 counted one message */
}

int main(int argc, char **argv) {
    int rank, v = 7;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    atexit(check_count);
    if (rank == 0) {
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        messages++;
    }
    MPI_Finalize();
    return 0;
}
