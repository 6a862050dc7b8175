/* RUN: -n 3
 * EXPECT: error memory-error
 * A per-rank average computed for a log line that is never printed: rank 1 has no
 * items and divides by zero. The quotient influences no MPI call, but the division
 * still traps (SIGFPE under MPICH: the job dies), so slicing must not remove it.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, total = 0, items, avg;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    items = rank == 1 ? 0 : rank + 2;
    total = 10 * items;
    avg = total / items; /* rank 1: division by zero */
    (void)avg;
    MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
