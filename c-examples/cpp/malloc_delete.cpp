/* RUN: -n 2
 * EXPECT: error memory-error
 * A block from malloc (a C helper's buffer) released with delete[]: the C++ runtime's
 * deallocation functions only take what its allocation functions made (C++17 [c.malloc]p3,
 * [new.delete.array]p9). Reported at the delete[].
 */
#include <mpi.h>
#include <cstdlib>

static int *make_counts(int n) { return static_cast<int *>(std::calloc(n, sizeof(int))); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int *counts = make_counts(2);
    MPI_Alltoall(MPI_IN_PLACE, 1, MPI_INT, counts, 1, MPI_INT, MPI_COMM_WORLD);
    delete[] counts;
    MPI_Finalize();
    return 0;
}
