/* RUN: -n 5
 * EXPECT: verified
 * Collectives on an intercommunicator (MPI 3.1 §5.2.2) between the lower group (world ranks
 * 0, 1) and the upper group (2, 3, 4). Data moves only between the groups: a rooted call's
 * root passes MPI_ROOT, the rest of its group MPI_PROC_NULL, the other group the root's rank
 * in the root's group; MPI_Allreduce gives each group the reduction of the OTHER group's
 * values; Allgather and Alltoall exchange blocks with the remote group. Every value is
 * asserted. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 2;
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 2, 7, &inter);
    int me, rsize;
    MPI_Comm_rank(inter, &me);
    MPI_Comm_remote_size(inter, &rsize);
    assert(rsize == (upper ? 2 : 3));

    MPI_Barrier(inter);

    /* Broadcast from the lower group's rank 1 to the upper group. */
    int v = rank == 1 ? 100 : -1;
    int root = upper ? 1 : (me == 1 ? MPI_ROOT : MPI_PROC_NULL);
    MPI_Bcast(&v, 1, MPI_INT, root, inter);
    assert(v == (upper || rank == 1 ? 100 : -1));

    /* Each group gets the sum of the other group's world ranks. */
    int sum = -1;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, inter);
    assert(sum == (upper ? 0 + 1 : 2 + 3 + 4));

    /* Reduce to the upper group's rank 2 (world rank 4) of the lower group's values. */
    int mine = 10 * rank, red = -1;
    root = upper ? (me == 2 ? MPI_ROOT : MPI_PROC_NULL) : 2;
    MPI_Reduce(&mine, &red, 1, MPI_INT, MPI_SUM, root, inter);
    assert(red == (rank == 4 ? 0 + 10 : -1));

    /* Gather the upper group's ranks at the lower group's rank 0. */
    int got[3] = {-1, -1, -1};
    root = upper ? 0 : (me == 0 ? MPI_ROOT : MPI_PROC_NULL);
    MPI_Gather(&rank, 1, MPI_INT, got, 1, MPI_INT, root, inter);
    if (rank == 0)
        assert(got[0] == 2 && got[1] == 3 && got[2] == 4);
    else
        assert(got[0] == -1);

    /* Scatter from the upper group's rank 0 (world rank 2) to the lower group. */
    int parts[2] = {7, 8}, part = -1;
    root = upper ? (me == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    MPI_Scatter(parts, 1, MPI_INT, &part, 1, MPI_INT, root, inter);
    assert(part == (upper ? -1 : 7 + me));

    /* Allgather: every process gets the remote group's ranks. */
    int all[3] = {-1, -1, -1};
    MPI_Allgather(&rank, 1, MPI_INT, all, 1, MPI_INT, inter);
    for (int j = 0; j < rsize; j++)
        assert(all[j] == (upper ? j : 2 + j));

    /* Alltoall: block j goes to remote rank j. */
    int out[3], in[3] = {-1, -1, -1};
    for (int j = 0; j < rsize; j++)
        out[j] = 100 * rank + j;
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, inter);
    for (int j = 0; j < rsize; j++)
        assert(in[j] == 100 * (upper ? j : 2 + j) + me);

    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
