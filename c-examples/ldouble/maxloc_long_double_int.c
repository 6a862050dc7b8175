/* RUN: -n 4
 * EXPECT: verified
 * Each rank computes a residual in long double and rank 0 finds the largest one and its
 * owner with MPI_Reduce(MPI_MAXLOC) on MPI_LONG_DOUBLE_INT (MPI 3.1 §5.9.4: the pair
 * struct { long double value; int index; }, compared in the value's own precision, ties
 * going to the smaller index). Ranks 1 and 3 hold residuals that are equal as doubles
 * but differ in the last bits of the 64-bit significand, so only an 80-bit comparison
 * names rank 3; ranks 0 and 2 tie on the smallest value, and MINLOC names rank 0.
 */
#include <assert.h>
#include <mpi.h>

struct ldi {
    long double value;
    int index;
};

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long double one = 1 + 0 * rank;
    long double r;
    if (rank % 2 == 0)
        r = one / 8; /* ranks 0 and 2 tie */
    else
        r = one / 3 + (rank == 3 ? one / 3 * 0x1p-60L : 0); /* rank 3 only in 80 bits */
    assert((double)(one / 3) == (double)(one / 3 + one / 3 * 0x1p-60L));
    struct ldi mine = {r, rank}, big, small;
    MPI_Reduce(&mine, &big, 1, MPI_LONG_DOUBLE_INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &small, 1, MPI_LONG_DOUBLE_INT, MPI_MINLOC, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        assert(big.index == 3 && big.value > one / 3);
        assert(small.index == 0 && small.value == one / 8);
    }
    MPI_Finalize();
    return 0;
}
