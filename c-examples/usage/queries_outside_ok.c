/* RUN: -n 2
 * EXPECT: verified
 * Near miss of before_init_rank.c and send_after_finalize.c: MPI_Initialized, MPI_Finalized and
 * MPI_Get_version are the calls the standard allows before MPI_Init and after MPI_Finalize
 * (MPI 3.1 §8.7), and a library that asks MPI_Initialized before initializing does not init twice.
 */
#include <assert.h>
#include <mpi.h>

static void library_setup(void) {
    int started = 0;
    MPI_Initialized(&started);
    if (!started)
        MPI_Init(NULL, NULL);
}

int main(int argc, char **argv) {
    int started = 1, done = 1, version = 0, subversion = 0;
    MPI_Initialized(&started);
    assert(!started);
    MPI_Get_version(&version, &subversion);
    assert(version >= 3);
    MPI_Init(&argc, &argv);
    library_setup();
    MPI_Finalized(&done);
    assert(!done);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    MPI_Finalized(&done);
    assert(done);
    return 0;
}
