/* RUN: -n 4
 * EXPECT: verified
 * MPI_Allreduce with every predefined operation in the supported subset (SUM, PROD, MIN,
 * MAX, LAND, LOR, BAND, BOR, LXOR, BXOR) on int, plus long, float, double and unsigned.
 * Each rank recomputes the expected value locally and asserts it.
 */
#include <assert.h>
#include <mpi.h>

static int all(MPI_Op op, int v) {
    int r;
    MPI_Allreduce(&v, &r, 1, MPI_INT, op, MPI_COMM_WORLD);
    return r;
}

int main(int argc, char **argv) {
    int rank, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);

    int fact = 1, bor = 0, bxor = 0;
    for (int r = 0; r < n; r++) {
        fact *= r + 1;
        bor |= 1 << r;
        bxor ^= r;
    }
    assert(all(MPI_SUM, rank) == n * (n - 1) / 2);
    assert(all(MPI_PROD, rank + 1) == fact);
    assert(all(MPI_MIN, 10 - rank) == 10 - (n - 1));
    assert(all(MPI_MAX, 10 - rank) == 10);
    assert(all(MPI_LAND, rank != 0) == 0); /* rank 0 contributes false */
    assert(all(MPI_LAND, 1) == 1);
    assert(all(MPI_LOR, rank == n - 1) == 1);
    assert(all(MPI_LOR, 0) == 0);
    assert(all(MPI_BAND, (1 << rank) | 1) == 1);
    assert(all(MPI_BOR, 1 << rank) == bor);
    assert(all(MPI_LXOR, 1) == n % 2);
    assert(all(MPI_BXOR, rank) == bxor);

    long lsum, lv = 1000000000L * (rank + 1);
    MPI_Allreduce(&lv, &lsum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    assert(lsum == 1000000000L * n * (n + 1) / 2);

    double dmax, dv = 0.5 * rank;
    MPI_Allreduce(&dv, &dmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    assert(dmax == 0.5 * (n - 1));

    float fmin, fv = 1.0f + rank;
    MPI_Allreduce(&fv, &fmin, 1, MPI_FLOAT, MPI_MIN, MPI_COMM_WORLD);
    assert(fmin == 1.0f);

    unsigned umask, uv = 1u << (rank + 4);
    MPI_Allreduce(&uv, &umask, 1, MPI_UNSIGNED, MPI_BOR, MPI_COMM_WORLD);
    assert(umask == ((unsigned)bor << 4));

    MPI_Finalize();
    return 0;
}
