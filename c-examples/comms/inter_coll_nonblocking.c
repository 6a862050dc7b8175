/* RUN: -n 3
 * EXPECT: verified
 * Nonblocking collectives on an intercommunicator (MPI 3.1 §5.12 with §5.2.2): an
 * MPI_Ibcast from the upper group's rank 0, an MPI_Iallreduce and an MPI_Ibarrier, completed
 * together by MPI_Waitall, between world rank 0 and world ranks 1, 2. The upper group's
 * rank 1 passes MPI_PROC_NULL to the broadcast: it hands no buffer over, so it may use its
 * own buffer while the request is pending.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 1;
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 1, 7, &inter);
    int me;
    MPI_Comm_rank(inter, &me);

    MPI_Request reqs[3];
    int v = rank == 1 ? 77 : 0;
    int root = upper ? (me == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    MPI_Ibcast(&v, 1, MPI_INT, root, inter, &reqs[0]);
    int prod = 0, mine = rank + 1;
    MPI_Iallreduce(&mine, &prod, 1, MPI_INT, MPI_PROD, inter, &reqs[1]);
    MPI_Ibarrier(inter, &reqs[2]);
    if (rank == 2)
        v = 5; /* MPI_PROC_NULL member: its buffer is not part of the broadcast */
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    assert(v == (rank == 2 ? 5 : 77));
    /* The lower group gets 2 * 3, the upper group 1. */
    assert(prod == (upper ? 1 : 6));
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
