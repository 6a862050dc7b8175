/* RUN: -n 3
 * EXPECT: error memory-error
 * Only the root allocates the MPI_Gather receive buffer (correct: it is ignored on other
 * ranks), but afterwards every rank scans it for the maximum, so ranks 1 and 2 dereference
 * a NULL pointer.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int load = 5 * rank + 3;
    int *loads = NULL;
    if (rank == 0)
        loads = malloc(size * sizeof(int));
    MPI_Gather(&load, 1, MPI_INT, loads, 1, MPI_INT, 0, MPI_COMM_WORLD);

    int mx = loads[0]; /* bug: loads is NULL except on rank 0 */
    for (int r = 1; r < size; r++)
        if (loads[r] > mx)
            mx = loads[r];
    assert(mx == 5 * (size - 1) + 3);
    free(loads);
    MPI_Finalize();
    return 0;
}
