/* RUN: -n 2
 * EXPECT: error non-termination
 * A long correct computation (a few million passes of a loop whose state
 * always changes) comes first; then rank 0 polls a variable the loop body
 * never writes, waiting for a "message" it forgot to receive. The
 * comparison of states starts once a local run is long and is not fooled by
 * the first loop, whose values never repeat.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    unsigned long h = 1469598103934665603UL;
    for (int i = 0; i < 3000000; i++)
        h = (h ^ (unsigned long)i) * 1099511628211UL;
    int ready = 0;
    if (rank == 0) {
        while (!ready) /* BUG: the MPI_Recv that would set ready is missing */
            h = h;
    }
    MPI_Allreduce(MPI_IN_PLACE, &h, 1, MPI_UNSIGNED_LONG, MPI_BXOR, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
