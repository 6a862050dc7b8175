/* RUN: -n 2..4
 * EXPECT: verified
 * Parallel sample sort (PSRS) of random integer keys. Each rank sorts its keys
 * with qsort and takes P regular samples; rank 0 gathers them (MPI_Gather),
 * sorts them and picks P-1 splitters, which MPI_Bcast sends to all. Every rank
 * cuts its sorted keys into P buckets by binary search on the splitters,
 * exchanges the bucket sizes with MPI_Alltoall and the keys with MPI_Alltoallv,
 * and sorts what it received. The result is checked globally: each rank's keys
 * are in order, the ranks' ranges follow one another (first and last key of
 * every rank by MPI_Allgather, empty ranks skipped), and the number of keys and
 * their sum are the same as before (MPI_Allreduce). The check finds every
 * count and displacement consistent across ranks and the assertions true at
 * np 2, 3 and 4 (12 keys per rank with many duplicates under MPI_VERIFY).
 *
 * usage: mpiexec -n P ./sample_sort [KEYS_PER_RANK [SEED [MAXKEY]]]
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef MPI_VERIFY
#define DEF_KEYS 12
#define DEF_MAXKEY 40
#else
#define DEF_KEYS (1 << 20)
#define DEF_MAXKEY 1000000000
#endif
#define DEF_SEED 12345u

typedef struct {
    int *keys;
    int n;
} KeySet;

typedef struct {
    int count;
    int first, last; /* meaningful only when count > 0 */
} Range;

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void *xmalloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (p == NULL) {
        fprintf(stderr, "sample_sort: cannot allocate %zu bytes\n", bytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

/* A 32-bit linear congruential generator per rank: reproducible runs. */
static unsigned next_random(unsigned *state) {
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

static void generate(KeySet *s, int n, unsigned seed, int rank, int maxkey) {
    unsigned state = seed ^ (unsigned)(rank + 1) * 0x9E3779B9u;
    s->n = n;
    s->keys = xmalloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++)
        s->keys[i] = (int)(next_random(&state) % (unsigned)maxkey);
}

/* Number of keys in sorted a[0..n) that are <= v. */
static int upper_bound(const int *a, int n, int v) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] <= v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Rank 0 picks P-1 splitters out of P*P regular samples. */
static void choose_splitters(const KeySet *s, int rank, int size, int *splitters) {
    int *samples = xmalloc((size_t)size * sizeof(int));
    int *all = NULL;
    for (int i = 0; i < size; i++)
        samples[i] = s->n > 0 ? s->keys[(long)i * s->n / size] : 0;
    if (rank == 0)
        all = xmalloc((size_t)size * size * sizeof(int));
    MPI_Gather(samples, size, MPI_INT, all, size, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        qsort(all, (size_t)size * size, sizeof(int), cmp_int);
        for (int i = 1; i < size; i++)
            splitters[i - 1] = all[i * size + size / 2 - 1];
        free(all);
    }
    MPI_Bcast(splitters, size - 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(samples);
}

/* Sends every bucket to its rank; returns the keys this rank now owns. */
static KeySet exchange(const KeySet *s, const int *splitters, int size) {
    int *scounts = xmalloc((size_t)size * sizeof(int));
    int *sdispls = xmalloc((size_t)size * sizeof(int));
    int *rcounts = xmalloc((size_t)size * sizeof(int));
    int *rdispls = xmalloc((size_t)size * sizeof(int));
    int start = 0;
    for (int i = 0; i < size; i++) {
        int end = i < size - 1 ? upper_bound(s->keys, s->n, splitters[i]) : s->n;
        if (end < start)
            end = start;
        sdispls[i] = start;
        scounts[i] = end - start;
        start = end;
    }
    MPI_Alltoall(scounts, 1, MPI_INT, rcounts, 1, MPI_INT, MPI_COMM_WORLD);
    int total = 0;
    for (int i = 0; i < size; i++) {
        rdispls[i] = total;
        total += rcounts[i];
    }
    KeySet out;
    out.n = total;
    out.keys = xmalloc((size_t)total * sizeof(int));
    MPI_Alltoallv(s->keys, scounts, sdispls, MPI_INT, out.keys, rcounts, rdispls, MPI_INT,
                  MPI_COMM_WORLD);
    free(scounts);
    free(sdispls);
    free(rcounts);
    free(rdispls);
    return out;
}

/* Checks that the keys are sorted across all ranks; returns 1 if so. */
static int globally_sorted(const KeySet *s, int rank, int size) {
    int ok = 1;
    for (int i = 1; i < s->n; i++)
        if (s->keys[i - 1] > s->keys[i])
            ok = 0;
    Range mine = {s->n, s->n ? s->keys[0] : 0, s->n ? s->keys[s->n - 1] : 0};
    Range *all = xmalloc((size_t)size * sizeof(Range));
    MPI_Allgather(&mine, 3, MPI_INT, all, 3, MPI_INT, MPI_COMM_WORLD);
    int have_prev = 0, prev = 0;
    for (int r = 0; r < size; r++) {
        if (all[r].count == 0)
            continue;
        if (have_prev && prev > all[r].first) {
            if (rank == 0)
                fprintf(stderr, "order broken before rank %d: %d > %d\n", r, prev, all[r].first);
            ok = 0;
        }
        prev = all[r].last;
        have_prev = 1;
    }
    free(all);
    int all_ok;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    return all_ok;
}

static void totals(const KeySet *s, long long out[2]) {
    long long local[2] = {s->n, 0};
    for (int i = 0; i < s->n; i++)
        local[1] += s->keys[i];
    MPI_Allreduce(local, out, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
    int rank, size;
    int n = DEF_KEYS, maxkey = DEF_MAXKEY;
    unsigned seed = DEF_SEED;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1)
        n = atoi(argv[1]);
    if (argc > 2)
        seed = (unsigned)strtoul(argv[2], NULL, 10);
    if (argc > 3)
        maxkey = atoi(argv[3]);
    if (n < 1 || maxkey < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: %s [KEYS_PER_RANK [SEED [MAXKEY]]]\n", argv[0]);
        MPI_Finalize();
        return 1;
    }

    KeySet local;
    generate(&local, n, seed, rank, maxkey);
    long long before[2], after[2];
    totals(&local, before);

    double t0 = MPI_Wtime();
    qsort(local.keys, (size_t)local.n, sizeof(int), cmp_int);
    int *splitters = xmalloc((size_t)(size > 1 ? size - 1 : 1) * sizeof(int));
    choose_splitters(&local, rank, size, splitters);
    KeySet sorted = exchange(&local, splitters, size);
    qsort(sorted.keys, (size_t)sorted.n, sizeof(int), cmp_int);
    double t1 = MPI_Wtime();

    int ok = globally_sorted(&sorted, rank, size);
    totals(&sorted, after);
    int smallest, largest;
    MPI_Reduce(&sorted.n, &smallest, 1, MPI_INT, MPI_MIN, 0, MPI_COMM_WORLD);
    MPI_Reduce(&sorted.n, &largest, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("sample_sort: %lld keys on %d ranks: %s\n", after[0], size,
               ok ? "sorted" : "NOT SORTED");
        printf("  keys per rank after the exchange: %d .. %d (%.2f of the mean)\n", smallest,
               largest, (double)largest * size / (double)after[0]);
#ifndef MPI_VERIFY
        printf("  %.3f s\n", t1 - t0);
#endif
    }
    (void)t0;
    (void)t1;
    assert(ok);
    assert(before[0] == after[0] && before[1] == after[1]);

    free(local.keys);
    free(sorted.keys);
    free(splitters);
    MPI_Finalize();
    return 0;
}
