/* RUN: -n 2
 * EXPECT: inconclusive
 * A table of callbacks chosen by rank: calls through a function pointer are
 * not modeled (only functions the MPI library calls, like Op_create's, are).
 * Every rank makes the call at line 20, so the check stops there as
 * inconclusive instead of guessing which function runs.
 */
#include <mpi.h>

typedef int (*transform)(int);

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }

int main(int argc, char **argv) {
    int rank, v;
    transform table[2] = {twice, negate};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    v = table[rank % 2](rank + 1);
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
