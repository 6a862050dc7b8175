/* RUN: -n 2
 * EXPECT: inconclusive
 * A library without source is handed a function of the program: lib_for_each (declared,
 * never defined) may call work back, and work makes an MPI call and asserts. Nothing
 * lib_for_each returns is used, but dropping the call as one that "only returns" would hide
 * the callback (on rank 0 the assertion fails when the library calls work(1)). Once a program
 * takes a function's address, the slicer keeps every call without source, and the check stops
 * at this one, naming it: give its definition with --stub.
 */
#include <assert.h>
#include <mpi.h>

void lib_for_each(int n, void (*cb)(int));

static void work(int i) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    assert(!(rank == 0 && i == 1));
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    lib_for_each(2, work);
    MPI_Finalize();
    return 0;
}
