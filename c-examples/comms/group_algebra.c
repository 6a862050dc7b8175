/* RUN: -n 4
 * EXPECT: verified
 * Group arithmetic (MPI 3.1 §6.3) on rank 0: inclusion, exclusion, ranges,
 * union, intersection, difference, rank translation and comparison. Then
 * every rank builds the group of even ranks and MPI_Comm_create makes a
 * communicator of it: the even ranks reduce on it, the odd ranks get
 * MPI_COMM_NULL.
 */
#include <assert.h>
#include <mpi.h>

static void algebra(MPI_Group world) {
    MPI_Group evens, odds, all, none, back, picked, tail;
    int even_ranks[2] = {0, 2};
    MPI_Group_incl(world, 2, even_ranks, &evens);
    MPI_Group_excl(world, 2, even_ranks, &odds);
    int size, cmp;
    MPI_Group_size(odds, &size);
    assert(size == 2);

    MPI_Group_union(odds, evens, &all); /* {1, 3, 0, 2} */
    MPI_Group_compare(all, world, &cmp);
    assert(cmp == MPI_SIMILAR);
    MPI_Group_intersection(evens, odds, &none);
    assert(none == MPI_GROUP_EMPTY);
    MPI_Group_difference(world, odds, &back);
    MPI_Group_compare(back, evens, &cmp);
    assert(cmp == MPI_IDENT);

    int range[1][3] = {{3, 0, -2}}; /* ranks 3, 1 */
    MPI_Group_range_incl(world, 1, range, &picked);
    int rr[2] = {0, 1}, tr[2];
    MPI_Group_translate_ranks(picked, 2, rr, world, tr);
    assert(tr[0] == 3 && tr[1] == 1);
    MPI_Group_translate_ranks(picked, 2, rr, evens, tr);
    assert(tr[0] == MPI_UNDEFINED && tr[1] == MPI_UNDEFINED);
    int range2[1][3] = {{0, 1, 1}};
    MPI_Group_range_excl(world, 1, range2, &tail); /* ranks 2, 3 */
    MPI_Group_translate_ranks(tail, 2, rr, world, tr);
    assert(tr[0] == 2 && tr[1] == 3);

    MPI_Group_free(&tail);
    MPI_Group_free(&picked);
    MPI_Group_free(&back);
    MPI_Group_free(&all);
    MPI_Group_free(&odds);
    MPI_Group_free(&evens);
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Group world, evens;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    if (rank == 0)
        algebra(world);

    int even_ranks[2] = {0, 2};
    MPI_Group_incl(world, 2, even_ranks, &evens);
    int r;
    MPI_Group_rank(evens, &r);
    assert(r == (rank % 2 == 0 ? rank / 2 : MPI_UNDEFINED));
    MPI_Comm even_comm;
    MPI_Comm_create(MPI_COMM_WORLD, evens, &even_comm);
    if (rank % 2 == 0) {
        int sum;
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, even_comm);
        assert(sum == 2);
        MPI_Comm_free(&even_comm);
    } else {
        assert(even_comm == MPI_COMM_NULL);
    }
    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    assert(world == MPI_GROUP_NULL);
    MPI_Finalize();
    return 0;
}
