/* RUN: -n 4
 * EXPECT: verified
 * Matrix-vector product y = A x: rank 0 mallocs A row by row in one block, scatters
 * N/size rows to each rank, broadcasts x, every rank multiplies its rows and the pieces of
 * y are gathered back; rank 0 checks y against a serial product.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 8

static void local_matvec(const double *rows, int nrows, const double *x, double *y) {
    for (int i = 0; i < nrows; i++) {
        double s = 0.0;
        for (int j = 0; j < N; j++)
            s += rows[i * N + j] * x[j];
        y[i] = s;
    }
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (N % size != 0) {
        if (rank == 0)
            fprintf(stderr, "N=%d not divisible by %d ranks\n", N, size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int nloc = N / size;
    double *A = NULL, *y = NULL;
    double x[N];
    if (rank == 0) {
        A = malloc(N * N * sizeof(double));
        y = malloc(N * sizeof(double));
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                A[i * N + j] = (i == j) ? 2.0 : 1.0 / (1 + abs(i - j));
        for (int j = 0; j < N; j++)
            x[j] = sin(0.1 * j) + 1.0;
    }
    double *myrows = malloc(nloc * N * sizeof(double));
    double *ypart = malloc(nloc * sizeof(double));
    MPI_Scatter(A, nloc * N, MPI_DOUBLE, myrows, nloc * N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(x, N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    local_matvec(myrows, nloc, x, ypart);
    MPI_Gather(ypart, nloc, MPI_DOUBLE, y, nloc, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double *ref = malloc(N * sizeof(double));
        local_matvec(A, N, x, ref);
        for (int i = 0; i < N; i++) {
            assert(fabs(ref[i] - y[i]) < 1e-12);
            printf("y[%d] = %8.4f\n", i, y[i]);
        }
        free(ref);
        free(A);
        free(y);
    }
    free(myrows);
    free(ypart);
    MPI_Finalize();
    return 0;
}
