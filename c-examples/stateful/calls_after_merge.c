/* RUN: -n 3 -j 1 --max-calls 200
 * EXPECT: inconclusive
 * The MPI-call twin of budget_after_merge.c: the units of work are messages a worker
 * sends itself (MPI_Sendrecv to its own rank), and the limit is the number of MPI calls
 * one process may make in one execution (--max-calls). Served in the order 1, 2 both
 * workers make 80 such calls; in the order 2, 1 rank 1 makes 160 and rank 2 40. The two
 * orders reach one state, which the stateful search merges (its key names calls by
 * their distance to the present, not by their number). The last piece of work keeps
 * every process under 200 calls after the order 1, 2 but takes rank 1 past it after
 * 2, 1: the known subtree is reused only if every process stays under the limit by the
 * subtree's own reach, so the limit is reached and the check is inconclusive.
 */
#include <mpi.h>

static long spin(long n) {
    long acc = 0;
    for (long i = 0; i < n; i++) {
        int me, got;
        MPI_Comm_rank(MPI_COMM_WORLD, &me);
        MPI_Sendrecv(&me, 1, MPI_INT, me, 9, &got, 1, MPI_INT, me, 9, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        acc += got & 3;
    }
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
        if (spin(40L * units * (3 - rank)) < 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        MPI_Send(&zero, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Recv(&units, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
        int last;
        MPI_Recv(&last, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (spin(80L * last) < 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Finalize();
    return 0;
}
