/* RUN: -n 2
 * EXPECT: error mpi-usage
 * A library routine initializes MPI again without asking MPI_Initialized first: MPI_Init may be
 * called at most once (MPI 3.1 §8.7).
 */
#include <mpi.h>

static void library_setup(void) {
    MPI_Init(NULL, NULL);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    library_setup();
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
