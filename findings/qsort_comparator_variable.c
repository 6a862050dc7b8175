/* Reproducer: qsort whose comparator is a function pointer variable (chosen
 * at run time: ascending or descending) is unsupported; mpi-extract warns and
 * the check is inconclusive where it runs, although calls through function
 * pointers are otherwise modeled.
 *
 *   mpi-check qsort_comparator_variable.c -n 2
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static int ascending(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int descending(const void *a, const void *b) { return ascending(b, a); }

int main(int argc, char **argv) {
    int rank, keys[4] = {3, 1, 4, 2};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int (*order)(const void *, const void *) = rank % 2 ? descending : ascending;
    qsort(keys, 4, sizeof(int), order);
    assert(keys[0] == (rank % 2 ? 4 : 1));
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
