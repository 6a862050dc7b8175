/* RUN: -n 2
 * EXPECT: error memory-error
 * A block made by new[] is released by the scalar delete: undefined behavior (C++17
 * [expr.delete]p2; the size of the array is lost and each element's destructor would be
 * skipped). Reported at the delete, with the rank that executes it.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *counts = new int[4];
    counts[0] = rank;
    MPI_Bcast(counts, 4, MPI_INT, 0, MPI_COMM_WORLD);
    delete counts;
    MPI_Finalize();
    return 0;
}
