/* RUN: -n 2..4
 * EXPECT: verified
 * Conjugate gradient for the 1-D Poisson problem -u'' = f on n interior
 * points (the tridiagonal matrix 2, -1, -1), rows distributed in blocks and
 * stored per rank in CSR with global column indices. The matrix-vector product
 * needs one value from each neighbour rank: MPI_Sendrecv left and right
 * (MPI_PROC_NULL at the ends) fills two ghost slots, and the CSR columns
 * outside the block are mapped to them once at set-up. Dot products and norms
 * are MPI_Allreduce. The right-hand side is A x* for a known x*, so at the end
 * every rank asserts that the residual dropped below the tolerance and that
 * the solution is close to x*. The check finds no deadlock or mismatch and the
 * assertions hold at np 2, 3 and 4 (n = 32 under MPI_VERIFY: CG converges in
 * at most n steps).
 *
 * usage: mpiexec -n P ./cg_poisson [N [MAXITER [RTOL]]]
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef MPI_VERIFY
#define DEF_N 32
#else
#define DEF_N 20000
#endif
#define DEF_RTOL 1e-8

#define TAG_LEFT 100  /* value travelling to the left neighbour */
#define TAG_RIGHT 101 /* value travelling to the right neighbour */

typedef struct {
    int n;       /* global size */
    int lo, m;   /* my first row and number of rows */
    int left, right;
    /* CSR of my rows; column indices are local: 0..m-1 mine, m = ghost on
     * the left (row lo-1), m+1 = ghost on the right (row lo+m) */
    int *rowptr, *col;
    double *val;
    MPI_Comm comm;
} DistMatrix;

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "cg_poisson: out of memory (%zu bytes)\n", n);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

/* Builds my rows of tridiag(-1, 2, -1) in CSR, first with global columns,
 * then maps them to local slots. */
static void matrix_build(DistMatrix *A, int n, MPI_Comm comm) {
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    A->comm = comm;
    A->n = n;
    int base = n / size, extra = n % size;
    A->m = base + (rank < extra);
    A->lo = rank * base + (rank < extra ? rank : extra);
    A->left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    A->right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    A->rowptr = xmalloc((size_t)(A->m + 1) * sizeof(int));
    A->col = xmalloc((size_t)3 * A->m * sizeof(int));
    A->val = xmalloc((size_t)3 * A->m * sizeof(double));
    int nnz = 0;
    for (int i = 0; i < A->m; i++) {
        int gi = A->lo + i;
        A->rowptr[i] = nnz;
        if (gi > 0) {
            A->col[nnz] = gi - 1;
            A->val[nnz++] = -1.0;
        }
        A->col[nnz] = gi;
        A->val[nnz++] = 2.0;
        if (gi < n - 1) {
            A->col[nnz] = gi + 1;
            A->val[nnz++] = -1.0;
        }
    }
    A->rowptr[A->m] = nnz;

    /* global -> local column numbers */
    for (int k = 0; k < nnz; k++) {
        int c = A->col[k];
        if (c < A->lo) {
            assert(c == A->lo - 1);
            A->col[k] = A->m;
        } else if (c >= A->lo + A->m) {
            assert(c == A->lo + A->m);
            A->col[k] = A->m + 1;
        } else {
            A->col[k] = c - A->lo;
        }
    }
}

static void matrix_free(DistMatrix *A) {
    free(A->rowptr);
    free(A->col);
    free(A->val);
}

/* y = A x. x has m + 2 slots: mine, then the two ghosts, filled here. */
static void matvec(const DistMatrix *A, double *x, double *y) {
    int m = A->m;
    /* my first value goes left, the right ghost comes from the right */
    MPI_Sendrecv(&x[0], 1, MPI_DOUBLE, A->left, TAG_LEFT, &x[m + 1], 1, MPI_DOUBLE, A->right,
                 TAG_LEFT, A->comm, MPI_STATUS_IGNORE);
    /* my last value goes right, the left ghost comes from the left */
    MPI_Sendrecv(&x[m - 1], 1, MPI_DOUBLE, A->right, TAG_RIGHT, &x[m], 1, MPI_DOUBLE, A->left,
                 TAG_RIGHT, A->comm, MPI_STATUS_IGNORE);
    for (int i = 0; i < m; i++) {
        double s = 0.0;
        for (int k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            s += A->val[k] * x[A->col[k]];
        y[i] = s;
    }
}

static double dot(const DistMatrix *A, const double *a, const double *b) {
    double local = 0.0, global;
    for (int i = 0; i < A->m; i++)
        local += a[i] * b[i];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, A->comm);
    return global;
}

/* y += alpha x */
static void axpy(int m, double alpha, const double *x, double *y) {
    for (int i = 0; i < m; i++)
        y[i] += alpha * x[i];
}

/* The exact solution we manufacture the right-hand side from. */
static double exact(int gi, int n) {
    double t = (gi + 1.0) / (n + 1.0);
    return t * (1.0 - t) + 0.5 * sin(3.0 * t);
}

/* Solves A x = b; returns the iterations, and the relative residual. */
static int cg(const DistMatrix *A, const double *b, double *x, int maxiter, double rtol,
              double *relres) {
    int m = A->m;
    double *r = xmalloc((size_t)m * sizeof(double));
    double *p = xmalloc((size_t)(m + 2) * sizeof(double));
    double *q = xmalloc((size_t)m * sizeof(double));

    matvec(A, x, q);
    for (int i = 0; i < m; i++) {
        r[i] = b[i] - q[i];
        p[i] = r[i];
    }
    double rr = dot(A, r, r), rr0 = rr;
    int it = 0;
    while (it < maxiter && sqrt(rr / rr0) > rtol) {
        matvec(A, p, q);
        double pq = dot(A, p, q);
        if (pq <= 0.0) {
            fprintf(stderr, "cg: breakdown, p'Ap = %g\n", pq);
            break;
        }
        double alpha = rr / pq;
        axpy(m, alpha, p, x);
        axpy(m, -alpha, q, r);
        double rr_new = dot(A, r, r);
        double beta = rr_new / rr;
        for (int i = 0; i < m; i++)
            p[i] = r[i] + beta * p[i];
        rr = rr_new;
        it++;
    }
    *relres = sqrt(rr / rr0);
    free(r);
    free(p);
    free(q);
    return it;
}

int main(int argc, char **argv) {
    int rank, size;
    int n = DEF_N, maxiter = -1;
    double rtol = DEF_RTOL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1)
        n = atoi(argv[1]);
    if (argc > 2)
        maxiter = atoi(argv[2]);
    if (argc > 3)
        rtol = atof(argv[3]);
    if (maxiter < 0)
        maxiter = n; /* CG is exact after n steps in exact arithmetic */
    if (n < 2 * size || rtol <= 0.0) {
        if (rank == 0)
            fprintf(stderr, "usage: %s [N >= 2*P [MAXITER [RTOL > 0]]]\n", argv[0]);
        MPI_Finalize();
        return 1;
    }

    DistMatrix A;
    matrix_build(&A, n, MPI_COMM_WORLD);
    int m = A.m;

    /* b = A x*, computed with the distributed matvec itself */
    double *xs = xmalloc((size_t)(m + 2) * sizeof(double));
    double *b = xmalloc((size_t)m * sizeof(double));
    double *x = xmalloc((size_t)(m + 2) * sizeof(double));
    for (int i = 0; i < m; i++) {
        xs[i] = exact(A.lo + i, n);
        x[i] = 0.0;
    }
    matvec(&A, xs, b);

    double t0 = MPI_Wtime();
    double relres;
    int iters = cg(&A, b, x, maxiter, rtol, &relres);
    double t1 = MPI_Wtime();

    /* error against x*, max norm */
    double err = 0.0, gerr;
    for (int i = 0; i < m; i++)
        err = fmax(err, fabs(x[i] - xs[i]));
    MPI_Allreduce(&err, &gerr, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);

    if (rank == 0) {
        printf("cg_poisson: n = %d on %d ranks\n", n, size);
        printf("  %d iterations, relative residual %.2e, max error %.2e\n", iters, relres, gerr);
#ifndef MPI_VERIFY
        printf("  %.3f s\n", t1 - t0);
#endif
    }
    (void)t0;
    (void)t1;
    assert(relres <= rtol);
    assert(gerr < 1e-6);

    free(xs);
    free(b);
    free(x);
    matrix_free(&A);
    MPI_Finalize();
    return 0;
}
