/* RUN: -n 2,3,4
 * EXPECT: verified
 * Intercommunicators built several ways, and every collective MPI 3.1 §5.2.2
 * defines on an intercommunicator run over each: MPI_COMM_WORLD split into a
 * lower and an upper half joined by MPI_Intercomm_create (two leader choices
 * and tags), then MPI_Comm_dup, MPI_Comm_idup, MPI_Comm_split,
 * MPI_Comm_split_type and MPI_Comm_create of the result (§6.4.2: the results
 * are intercommunicators; create and split take each side's local part), and
 * one rebuilt from the MPI_Intercomm_merge of the first (§6.6.2). On each:
 * barrier, broadcast, reduce, gather(v) and scatter(v) with MPI_ROOT /
 * MPI_PROC_NULL roots in both directions, the all-forms with their v- and
 * w-variants, reduce-scatter (block), and nonblocking forms (§5.12). Data
 * moves between the groups only: every value checked is the other group's.
 * The halves differ in size at np 3. Checked for np 2, 3 and 4.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static int low; /* in the lower half of MPI_COMM_WORLD */

static int triangle(int n) { return n * (n + 1) / 2; }

/* The rooted collectives, the root being rank 0 of the lower half
 * (from_low) or of the upper half. */
static void rooted(MPI_Comm ic, int from_low, int lrank, int lsize, int rsize)
{
    int sender = (low == from_low);
    int root = sender ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    int n = rsize > lsize ? rsize : lsize;
    int v = -1, *buf = malloc(sizeof(int) * n), *counts = malloc(sizeof(int) * n),
        *displs = malloc(sizeof(int) * n);

    if (sender && lrank == 0)
        v = 42;
    MPI_Bcast(&v, 1, MPI_INT, root, ic);
    if (!sender)
        assert(v == 42);

    int mine = lrank + 1, sum = -1;
    MPI_Reduce(&mine, &sum, 1, MPI_INT, MPI_SUM, root, ic);
    if (sender && lrank == 0)
        assert(sum == triangle(rsize));

    /* The root's blocks, one per remote member, here in reverse order. */
    for (int i = 0; i < rsize; i++) {
        counts[i] = 1;
        displs[i] = rsize - 1 - i;
        buf[i] = -1;
    }
    MPI_Gather(&lrank, 1, MPI_INT, buf, 1, MPI_INT, root, ic);
    if (sender && lrank == 0)
        for (int i = 0; i < rsize; i++)
            assert(buf[i] == i);
    MPI_Gatherv(&lrank, 1, MPI_INT, buf, counts, displs, MPI_INT, root, ic);
    if (sender && lrank == 0)
        for (int i = 0; i < rsize; i++)
            assert(buf[rsize - 1 - i] == i);

    for (int i = 0; i < rsize; i++)
        buf[i] = 100 + i;
    v = -1;
    MPI_Scatter(buf, 1, MPI_INT, &v, 1, MPI_INT, root, ic);
    if (!sender)
        assert(v == 100 + lrank);
    MPI_Scatterv(buf, counts, displs, MPI_INT, &v, 1, MPI_INT, root, ic);
    if (!sender)
        assert(v == 100 + lsize - 1 - lrank);

    MPI_Request r;
    v = sender && lrank == 0 ? 7 : -1;
    MPI_Ibcast(&v, 1, MPI_INT, root, ic, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (!sender)
        assert(v == 7);
    free(buf);
    free(counts);
    free(displs);
}

/* Every collective over intercommunicator ic. */
static void every_collective(MPI_Comm ic)
{
    int flag, lrank, lsize, rsize;
    MPI_Comm_test_inter(ic, &flag);
    assert(flag);
    MPI_Comm_rank(ic, &lrank);
    MPI_Comm_size(ic, &lsize);
    MPI_Comm_remote_size(ic, &rsize);
    int n = rsize > lsize ? rsize : lsize;

    MPI_Barrier(ic);
    rooted(ic, 1, lrank, lsize, rsize);
    rooted(ic, 0, lrank, lsize, rsize);

    int mine = lrank + 1, sum = -1;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, ic);
    assert(sum == triangle(rsize));

    int *in = malloc(sizeof(int) * n * n), *out = malloc(sizeof(int) * n * n);
    int *sc = malloc(sizeof(int) * n), *sd = malloc(sizeof(int) * n);
    int *rc = malloc(sizeof(int) * n), *rd = malloc(sizeof(int) * n);
    MPI_Datatype *st = malloc(sizeof(MPI_Datatype) * n), *rt = malloc(sizeof(MPI_Datatype) * n);

    MPI_Allgather(&lrank, 1, MPI_INT, out, 1, MPI_INT, ic);
    for (int i = 0; i < rsize; i++)
        assert(out[i] == i);
    for (int i = 0; i < rsize; i++) {
        rc[i] = 1;
        rd[i] = rsize - 1 - i;
    }
    MPI_Allgatherv(&lrank, 1, MPI_INT, out, rc, rd, MPI_INT, ic);
    for (int i = 0; i < rsize; i++)
        assert(out[rsize - 1 - i] == i);

    /* Block j goes to remote rank j: 10 * sender + receiver. */
    for (int j = 0; j < rsize; j++) {
        in[j] = 10 * lrank + j;
        sc[j] = 1;
        sd[j] = j;
        rc[j] = 1;
        rd[j] = j;
        st[j] = rt[j] = MPI_INT;
    }
    MPI_Alltoall(in, 1, MPI_INT, out, 1, MPI_INT, ic);
    for (int i = 0; i < rsize; i++)
        assert(out[i] == 10 * i + lrank);
    MPI_Alltoallv(in, sc, sd, MPI_INT, out, rc, rd, MPI_INT, ic);
    for (int i = 0; i < rsize; i++)
        assert(out[i] == 10 * i + lrank);
    for (int j = 0; j < rsize; j++) {
        sd[j] = j * (int)sizeof(int); /* bytes in the w-form */
        rd[j] = (rsize - 1 - j) * (int)sizeof(int);
    }
    MPI_Alltoallw(in, sc, sd, st, out, rc, rd, rt, ic);
    for (int i = 0; i < rsize; i++)
        assert(out[rsize - 1 - i] == 10 * i + lrank);

    /* Each group sends lsize * rsize elements (the same count in both, as
     * MPI 3.1 §5.10 requires); member i of the other group gets block i of
     * the sum of this group's vectors. */
    for (int k = 0; k < lsize * rsize; k++)
        in[k] = k;
    MPI_Reduce_scatter_block(in, out, rsize, MPI_INT, MPI_SUM, ic);
    for (int t = 0; t < rsize; t++)
        assert(out[t] == rsize * (lrank * rsize + t));
    for (int i = 0; i < lsize; i++)
        rc[i] = rsize;
    MPI_Reduce_scatter(in, out, rc, MPI_INT, MPI_SUM, ic);
    for (int t = 0; t < rsize; t++)
        assert(out[t] == rsize * (lrank * rsize + t));

    MPI_Request req[3];
    sum = -1;
    MPI_Ibarrier(ic, &req[0]);
    MPI_Iallreduce(&mine, &sum, 1, MPI_INT, MPI_MAX, ic, &req[1]);
    MPI_Ireduce_scatter_block(in, out, rsize, MPI_INT, MPI_SUM, ic, &req[2]);
    MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
    assert(sum == rsize);
    for (int t = 0; t < rsize; t++)
        assert(out[t] == rsize * (lrank * rsize + t));
    for (int j = 0; j < rsize; j++) {
        in[j] = 10 * lrank + j;
        rc[j] = 1;
        sd[j] = j * (int)sizeof(int);
        rd[j] = j * (int)sizeof(int);
    }
    MPI_Ialltoallw(in, sc, sd, st, out, rc, rd, rt, ic, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    for (int i = 0; i < rsize; i++)
        assert(out[i] == 10 * i + lrank);

    free(in);
    free(out);
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    free(st);
    free(rt);
}

int main(int argc, char **argv)
{
    int wrank, wsize;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    int half = wsize / 2; /* the lower half: world ranks 0 .. half-1 */
    low = wrank < half;

    MPI_Comm local, ic1, ic2, dup, idup, split, stype, created, merged, half2, ic3;
    MPI_Comm_split(MPI_COMM_WORLD, low, wrank, &local);
    int lsize;
    MPI_Comm_size(local, &lsize);

    /* Leaders: first ranks, then the last rank of each half. */
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, low ? half : 0, 11, &ic1);
    MPI_Intercomm_create(local, lsize - 1, MPI_COMM_WORLD, low ? wsize - 1 : half - 1, 12, &ic2);
    every_collective(ic1);
    every_collective(ic2);

    MPI_Comm_dup(ic1, &dup);
    every_collective(dup);

    MPI_Request r;
    MPI_Comm_idup(ic2, &idup, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    every_collective(idup);

    /* One color, ranks reversed on both sides. */
    MPI_Comm_split(ic1, 0, -wrank, &split);
    every_collective(split);
    MPI_Comm_split_type(ic1, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &stype);
    every_collective(stype);

    /* Each side gives its whole local group. */
    MPI_Group g;
    MPI_Comm_group(ic1, &g);
    MPI_Comm_create(ic1, g, &created);
    MPI_Group_free(&g);
    every_collective(created);

    /* Merge with the lower half first, split it into halves again, and
     * join them anew. */
    int mrank;
    MPI_Intercomm_merge(ic1, !low, &merged);
    MPI_Comm_rank(merged, &mrank);
    assert(mrank == wrank);
    MPI_Comm_split(merged, low, mrank, &half2);
    MPI_Intercomm_create(half2, 0, merged, low ? half : 0, 13, &ic3);
    every_collective(ic3);

    MPI_Comm *all[] = {&ic1, &ic2, &dup, &idup, &split, &stype, &created, &ic3, &half2, &merged, &local};
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++)
        MPI_Comm_free(all[i]);
    MPI_Finalize();
    return 0;
}
