/* RUN: -n 3
 * EXPECT: error count-mismatch
 * partition_sum.c with the bug such programs often carry: rank 0 scatters
 * the block partition in which the first N mod P ranks take one element
 * more (counts[] of MPI_Scatterv), but every rank posts its receive for
 * N / P elements, the size of a block without the remainder. At np 4 the
 * 20,000,000 elements divide evenly and the program runs; at np 3 they
 * leave a remainder of 2, so ranks 0 and 1 are sent 6,666,667 ints into a
 * receive of 6,666,666: the amount of data sent must equal the amount
 * received (MPI 3.1 §5.6, "the type signature associated with sendcount[i],
 * sendtype at the root must be equal to the type signature associated with
 * recvcount, recvtype at process i"), and MPICH stops with "Message
 * truncated". The check reports the Scatterv with the counts of both sides.
 *
 * usage: mpiexec -n P ./partition_sum_remainder [-n ELEMENTS] [-v]
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

    /* Every rank's share of the array. */
    int mine = (int)(n / size);
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
