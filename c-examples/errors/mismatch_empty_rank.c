/* RUN: -n 4
 * EXPECT: error collective-mismatch
 * Block distribution of 6 items with chunk = ceil(6/size) leaves the last rank with no
 * items; it jumps to the cleanup label and calls MPI_Barrier while the others call
 * MPI_Allreduce to combine their partial sums.
 */
#include <assert.h>
#include <mpi.h>

#define ITEMS 6

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int chunk = (ITEMS + size - 1) / size;
    int lo = rank * chunk, hi = lo + chunk < ITEMS ? lo + chunk : ITEMS;
    int nlocal = hi > lo ? hi - lo : 0;
    if (nlocal == 0)
        goto done; /* bug: skips the collective below */

    int local = 0, total = 0;
    for (int i = lo; i < hi; i++)
        local += i;
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == ITEMS * (ITEMS - 1) / 2);
done:
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
