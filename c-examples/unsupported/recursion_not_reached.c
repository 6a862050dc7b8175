/* RUN: -n 2
 * EXPECT: verified
 * A recursive helper (a binary-tree depth count) used only when the
 * program is given a depth argument. The model has no call stack for user
 * code, so the recursive call at line 13 becomes a placeholder: without
 * arguments no execution recurses and the check is complete. With
 * `-- 3` it would recurse and be inconclusive (recursion_reached.c).
 */
#include <mpi.h>
#include <stdlib.h>

static int nodes(int depth) {
    return depth <= 0 ? 1 : 1 + 2 * nodes(depth - 1);
}

int main(int argc, char **argv) {
    int rank, n = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int depth = argc > 1 ? atoi(argv[1]) : 0;
    if (rank == 0)
        n = nodes(depth);
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (n < 1)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Finalize();
    return 0;
}
