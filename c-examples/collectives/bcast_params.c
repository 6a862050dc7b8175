/* RUN: -n 4
 * EXPECT: verified
 * Rank 2 owns the run configuration (three ints and a double) and distributes it with two
 * MPI_Bcast calls rooted at rank 2; every rank checks what it received. Correct whether or
 * not the broadcast synchronizes.
 */
#include <assert.h>
#include <mpi.h>

#define ROOT 2

int main(int argc, char **argv) {
    int rank, size;
    int params[3] = {0, 0, 0};
    double dt = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int root = ROOT < size ? ROOT : 0;

    if (rank == root) {
        params[0] = 64;  /* nx */
        params[1] = 32;  /* ny */
        params[2] = 10;  /* steps */
        dt = 0.125;
    }
    MPI_Bcast(params, 3, MPI_INT, root, MPI_COMM_WORLD);
    MPI_Bcast(&dt, 1, MPI_DOUBLE, root, MPI_COMM_WORLD);

    assert(params[0] == 64 && params[1] == 32 && params[2] == 10);
    assert(dt == 0.125);
    MPI_Finalize();
    return 0;
}
