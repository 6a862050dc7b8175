/* RUN: -n 4
 * EXPECT: verified
 * Hand-written hypercube allreduce, as in textbook MPI codes: the program checks that the
 * number of ranks is a power of two with `size & (size - 1)`, computes the dimension with
 * __builtin_ctz, and at each step exchanges partial sums with `rank ^ (1 << d)`. The
 * result is compared with MPI_Allreduce; __builtin_popcount and __builtin_clz label the
 * ranks in a printf.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static unsigned long long mix(unsigned long long x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size & (size - 1)) {
        if (rank == 0)
            fprintf(stderr, "need a power-of-two number of ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int dims = __builtin_ctz((unsigned)size);
    long local = (long)(mix((unsigned long long)rank + 1) % 1000), acc = local;
    for (int d = 0; d < dims; d++) {
        int partner = rank ^ (1 << d);
        long other;
        MPI_Sendrecv(&acc, 1, MPI_LONG, partner, d, &other, 1, MPI_LONG, partner, d,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        acc += other;
    }
    long ref;
    MPI_Allreduce(&local, &ref, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    assert(acc == ref);
    unsigned u = (unsigned)rank | 0x100u;
    printf("rank %d: bits %d, leading zeros %d, sum %ld\n", rank, __builtin_popcount(u),
           __builtin_clz(u), acc);
    assert(__builtin_popcount(u) == 1 + __builtin_popcount((unsigned)rank));
    assert(__builtin_clz(u) == 23);
    assert(__builtin_popcountll(~0ULL) == 64 && __builtin_ctzll(1ULL << 40) == 40);
    MPI_Finalize();
    return 0;
}
