/* RUN: -n 2
 * EXPECT: verified
 * Row-block matrix multiply C = A B with pointer-to-array types (`double (*A)[N]`
 * from malloc), B broadcast whole, A's rows scattered, C gathered; the struct holding
 * the problem size is returned by value from a helper and passed by value to another;
 * a const table of names and a global array with an initializer are printed; float and
 * unsigned/long long arithmetic check C's conversions and negative division.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

struct dims {
    int rows, cols;
    long long cells;
};

static const char *const labels[] = {"alpha", "beta", "gamma"};
static int weights[N] = {3, -1, 4, 1};

static struct dims make_dims(int rows, int cols) {
    struct dims d = {rows, cols, (long long)rows * cols};
    return d;
}

static double trace_of(struct dims d, double (*m)[N]) {
    double t = 0.0;
    for (int i = 0; i < d.rows && i < d.cols; i++)
        t += m[i][i];
    return t;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct dims all = make_dims(N, N);
    int nloc = N / size;
    double(*A)[N] = NULL, (*C)[N] = NULL;
    double(*B)[N] = malloc(sizeof(double[N][N]));
    double(*Aloc)[N] = malloc(nloc * sizeof *Aloc);
    double(*Cloc)[N] = malloc(nloc * sizeof *Cloc);
    if (rank == 0) {
        A = malloc(sizeof(double[N][N]));
        C = malloc(sizeof(double[N][N]));
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                A[i][j] = i + weights[j];
                B[i][j] = (i == j) ? 2.0 : 0.0;
            }
    }
    MPI_Bcast(B, N * N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatter(A, nloc * N, MPI_DOUBLE, Aloc, nloc * N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (int i = 0; i < nloc; i++)
        for (int j = 0; j < N; j++) {
            double s = 0.0;
            for (int k = 0; k < N; k++)
                s += Aloc[i][k] * B[k][j];
            Cloc[i][j] = s;
        }
    MPI_Gather(Cloc, nloc * N, MPI_DOUBLE, C, nloc * N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                assert(C[i][j] == 2.0 * A[i][j]);
        double t = trace_of(all, C);
        assert(t == 2.0 * (0 + 3 + 1 - 1 + 2 + 4 + 3 + 1));
        printf("%s %s %s: trace %.1f over %lld cells\n", labels[0], labels[1], labels[2], t,
               all.cells);
        free(A);
        free(C);
    }
    float f = 7.0f / 2.0f;
    unsigned int u = 3u - 5u;
    long long big = -7LL;
    assert(f == 3.5f && u == 4294967294u);
    assert(big / 2 == -3 && big % 2 == -1 && (int)-2.7 == -2 && (unsigned char)300 == 44);
    assert(fabsf(-f) == 3.5f && (long)sqrtf(16.0f) == 4);
    free(B);
    free(Aloc);
    free(Cloc);
    MPI_Finalize();
    return 0;
}
