/* RUN: -n 4
 * EXPECT: verified
 * Sum of a large array partitioned over the ranks, at its real size: rank 0
 * fills 20,000,000 ints (-n), computes the block partition (the first
 * N mod P ranks take one element more) and hands every rank its slice with
 * MPI_Scatterv (MPI 3.1 §5.6); each rank sums its slice in a long long and
 * MPI_Reduce(MPI_SUM) (§5.9) brings the partial sums to rank 0, which checks
 * the result against the closed form of the series and checks by
 * MPI_Allreduce that the slices cover the array exactly once. The values are
 * (i mod 1000) - 499, so the sum is exact in 64 bits at any N. The program
 * is deterministic: one execution, whose cost is filling, scattering and
 * summing the 20 million elements; the check finds no mismatch between the
 * Scatterv counts and the receive counts, no deadlock, and the assertions
 * hold.
 *
 * usage: mpiexec -n P ./partition_sum [-n ELEMENTS] [-v]
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define DEFAULT_ELEMENTS 20000000L

static int value_at(long i) { return (int)(i % 1000) - 499; }

/* The sum of value_at(i) for 0 <= i < n: every full period of 1000 adds 500. */
static long long closed_form_sum(long n) {
    long long periods = n / 1000, rem = n % 1000;
    return periods * 500 + rem * (rem - 1) / 2 - 499 * rem;
}

/* Block partition: rank r gets counts[r] elements starting at displs[r]. */
static void partition(long n, int size, int *counts, int *displs) {
    long base = n / size, extra = n % size, offset = 0;
    for (int r = 0; r < size; r++) {
        counts[r] = (int)(base + (r < extra ? 1 : 0));
        displs[r] = (int)offset;
        offset += counts[r];
    }
}

static long long sum_slice(const int *slice, int count) {
    long long s = 0;
    for (int i = 0; i < count; i++)
        s += slice[i];
    return s;
}

int main(int argc, char **argv) {
    int rank, size, c, verbose = 0;
    long n = DEFAULT_ELEMENTS;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        while ((c = getopt(argc, argv, "n:v")) != -1) {
            if (c == 'n')
                n = atol(optarg);
            else if (c == 'v')
                verbose = 1;
            else
                n = -1;
        }
        if (n < size || n > 2000000000L) {
            fprintf(stderr, "partition_sum: -n must lie between %d and 2e9\n", size);
            n = -1;
        }
    }
    MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (n < 0) {
        MPI_Finalize();
        return 1;
    }

    int *counts = malloc((size_t)size * sizeof(int));
    int *displs = malloc((size_t)size * sizeof(int));
    partition(n, size, counts, displs);

    int *data = NULL;
    if (rank == 0) {
        data = malloc((size_t)n * sizeof(int));
        if (data == NULL) {
            fprintf(stderr, "partition_sum: cannot allocate %ld ints\n", n);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        for (long i = 0; i < n; i++)
            data[i] = value_at(i);
    }

    int mine = counts[rank];
    int *slice = malloc((size_t)mine * sizeof(int));
    double t0 = MPI_Wtime();
    MPI_Scatterv(data, counts, displs, MPI_INT, slice, mine, MPI_INT, 0, MPI_COMM_WORLD);

    long long partial = sum_slice(slice, mine), total = 0;
    MPI_Reduce(&partial, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);

    /* Every element in exactly one slice: the counts add up to n. */
    long covered = 0, mine_l = mine;
    MPI_Allreduce(&mine_l, &covered, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    assert(covered == n);
    double elapsed = MPI_Wtime() - t0;

    if (verbose)
        printf("rank %d: %d elements from %d, partial sum %lld\n", rank, mine, displs[rank],
               partial);
    if (rank == 0) {
        long long expect = closed_form_sum(n);
        printf("sum of %ld elements = %lld (expected %lld) in %.3f s\n", n, total, expect,
               elapsed);
        assert(total == expect);
        free(data);
    }
    free(slice);
    free(displs);
    free(counts);
    MPI_Finalize();
    return 0;
}
