/* RUN: -n 3 -j 1 --max-steps 140000
 * EXPECT: inconclusive
 * Two workers ask rank 0 for work with MPI_ANY_SOURCE; the first to be served gets one
 * unit, the second two, and a unit costs rank 1 twice what it costs rank 2. Served in
 * the order 1, 2 both workers execute the same amount; in the order 2, 1 rank 1
 * executes four times rank 2's. Rank 0 then collects both workers' "done" and releases
 * them, and both orders reach the same state: nothing remembers the units, and the
 * stateful search merges them (its key leaves out how many instructions each process
 * has executed). Each worker then gets a last piece of work that keeps it within the
 * per-process budget (--max-steps) after the order 1, 2 but not after 2, 1. The merged
 * state reuses the known subtree only if every process stays within the budget by the
 * subtree's own reach, which rank 1 does not: the limit is reached and the check is
 * inconclusive, as without merging.
 */
#include <mpi.h>

static long spin(long n) {
    long acc = 0;
    for (long i = 0; i < n; i++)
        acc += i & 3;
    return acc;
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int x;
        for (int units = 1; units <= 2; units++) {
            MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&units, 1, MPI_INT, x, 1, MPI_COMM_WORLD);
        }
        int go = 0, last = 1;
        for (int w = 1; w <= 2; w++)
            MPI_Recv(&x, 1, MPI_INT, w, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int w = 1; w <= 2; w++)
            MPI_Send(&go, 1, MPI_INT, w, 4, MPI_COMM_WORLD);
        for (int i = 0; i < 2; i++) {
            MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&last, 1, MPI_INT, x, 3, MPI_COMM_WORLD);
        }
    } else {
        int units, zero = 0;
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&units, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (spin(4000L * units * (3 - rank)) < 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        MPI_Send(&zero, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Recv(&units, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
        int last;
        MPI_Recv(&last, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (spin(8000L * last) < 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Finalize();
    return 0;
}
