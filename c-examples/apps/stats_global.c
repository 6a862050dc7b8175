/* RUN: -n 4
 * EXPECT: verified
 * Running statistics kept in static globals and an array of structs: each rank
 * accumulates samples through helper functions taking pointers, a switch picks the
 * statistic to reduce, MPI_MINLOC/MPI_MAXLOC on a {double, int} pair finds which rank holds
 * the extremes, and a 2-D array `double m[R][C]` is passed to a helper and reduced.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>

#define R 2
#define C 3
enum stat { STAT_MEAN, STAT_MIN, STAT_MAX, NSTATS };

struct acc {
    double sum, min, max;
    int n;
};

static struct acc accs[NSTATS];
static int calls;

static void acc_init(struct acc *a) {
    a->sum = 0.0;
    a->min = INFINITY;
    a->max = -INFINITY;
    a->n = 0;
}

static void acc_add(struct acc *a, double v) {
    a->sum += v;
    a->min = fmin(a->min, v);
    a->max = fmax(a->max, v);
    a->n++;
    calls++;
}

static void fill(double m[R][C], int rank) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            m[i][j] = rank * 10 + i * C + j;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int s = 0; s < NSTATS; s++)
        acc_init(&accs[s]);
    for (int k = 0; k < 5; k++)
        for (int s = 0; s < NSTATS; s++)
            acc_add(&accs[s], sin(rank + 0.3 * k) * (s + 1));
    assert(calls == 5 * NSTATS);

    for (int s = 0; s < NSTATS; s++) {
        struct {
            double val;
            int rank;
        } in, out;
        in.rank = rank;
        switch (s) {
        case STAT_MEAN:
            in.val = accs[s].sum / accs[s].n;
            MPI_Allreduce(&in.val, &out.val, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            out.val /= size;
            out.rank = -1;
            break;
        case STAT_MIN:
            in.val = accs[s].min;
            MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
            break;
        case STAT_MAX:
            in.val = accs[s].max;
            MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
            break;
        default:
            assert(0 && "unknown statistic");
        }
        if (rank == 0)
            printf("stat %d: %.5f at rank %d\n", s, out.val, out.rank);
    }

    double m[R][C], msum[R][C];
    fill(m, rank);
    MPI_Reduce(m, msum, R * C, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++)
                assert(msum[i][j] == 10.0 * size * (size - 1) / 2 + size * (i * C + j));
    MPI_Finalize();
    return 0;
}
