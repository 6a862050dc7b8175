/* RUN: -n 3
 * EXPECT: verified
 * Near miss of coll_skipped_on_input.c: rank 0 has no items and skips the
 * broadcast too, but here it is not a member of the communicator the
 * broadcast runs on: MPI_Comm_split with MPI_UNDEFINED gives it
 * MPI_COMM_NULL. Every member of `workers` calls the collective.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, scale = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int nitems = rank;
    MPI_Comm workers;
    MPI_Comm_split(MPI_COMM_WORLD, nitems > 0 ? 1 : MPI_UNDEFINED, rank, &workers);

    if (workers != MPI_COMM_NULL) {
        int wrank;
        MPI_Comm_rank(workers, &wrank);
        if (wrank == 0)
            scale = 3;
        MPI_Bcast(&scale, 1, MPI_INT, 0, workers);
        assert(scale == 3);
        MPI_Comm_free(&workers);
    }
    MPI_Finalize();
    return 0;
}
