/* RUN: -n 4
 * EXPECT: verified
 * Two halves of MPI_COMM_WORLD joined by an intercommunicator: ranks in
 * point-to-point calls name the remote group, so rank i of the lower half
 * talks to rank i of the upper half. MPI_Intercomm_merge with high = 1 on
 * the lower half puts the upper half first.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 2;
    MPI_Comm half, inter, merged;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    /* Leaders: rank 0 of each half, world ranks 0 and 2. */
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 2, 99, &inter);

    int lrank;
    MPI_Comm_rank(inter, &lrank);
    assert(lrank == rank % 2);
    if (rank == 0) {
        int flag, rsize, lsize;
        MPI_Comm_test_inter(inter, &flag);
        assert(flag);
        MPI_Comm_test_inter(half, &flag);
        assert(!flag);
        MPI_Comm_remote_size(inter, &rsize);
        MPI_Comm_size(inter, &lsize);
        assert(rsize == 2 && lsize == 2);
        MPI_Group remote, world;
        MPI_Comm_remote_group(inter, &remote);
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        int zero = 0, w;
        MPI_Group_translate_ranks(remote, 1, &zero, world, &w);
        assert(w == 2);
        MPI_Group_free(&world);
        MPI_Group_free(&remote);
    }

    int msg = 10 * rank, got = -1;
    MPI_Status st;
    if (!upper) {
        MPI_Send(&msg, 1, MPI_INT, lrank, 0, inter);
        MPI_Recv(&got, 1, MPI_INT, lrank, 1, inter, &st);
        assert(got == 10 * (rank + 2) + 1);
    } else {
        MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 0, inter, &st);
        assert(got == 10 * (rank - 2));
        assert(st.MPI_SOURCE == lrank);
        got = msg + 1;
        MPI_Send(&got, 1, MPI_INT, st.MPI_SOURCE, 1, inter);
    }

    MPI_Intercomm_merge(inter, !upper, &merged);
    int mrank;
    MPI_Comm_rank(merged, &mrank);
    assert(mrank == (rank + 2) % 4);
    int sum;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged);
    assert(sum == 6);

    MPI_Comm_free(&merged);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
