/* RUN: -n 2
 * EXPECT: verified
 * Environment queries: MPI_Initialized is false before MPI_Init_thread and true after,
 * MPI_Finalized is false until MPI_Finalize returns; MPI_Wtime brackets a Sendrecv swap
 * (its value is only printed, never trusted). The swapped values are checked.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int flag = 1, provided, rank;
    MPI_Initialized(&flag);
    assert(!flag);
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Initialized(&flag);
    assert(flag);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double t0 = MPI_Wtime();
    int partner = rank ^ 1, out = rank + 1, in = -1;
    if (partner > 1)
        partner = MPI_PROC_NULL;
    MPI_Sendrecv(&out, 1, MPI_INT, partner, 0, &in, 1, MPI_INT, partner, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    double t1 = MPI_Wtime();
    if (partner != MPI_PROC_NULL)
        assert(in == partner + 1);
    printf("rank %d: swap took %g s (thread level %d)\n", rank, t1 - t0, provided);

    MPI_Finalized(&flag);
    assert(!flag);
    MPI_Finalize();
    MPI_Finalized(&flag);
    assert(flag);
    return 0;
}
