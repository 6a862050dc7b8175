/* The double-precision BLAS for `mpi-extract --stub blas`: the loops of
 * the Netlib reference BLAS (Fortran 77, before 3.10), in their order of
 * operations, so that the check computes the numbers a program linked with
 * the reference BLAS computes. An optimized BLAS may round differently. A
 * negative increment walks the vector backwards, as in the reference. An
 * invalid argument is reported as the reference's XERBLA does (a message,
 * then the routine returns). */
#include <cblas.h>
#include <math.h>
#include <stdio.h>

static void xerbla(const char *name, int info) {
    fprintf(stderr, " ** On entry to %s parameter number %d had an illegal value\n", name, info);
}

/* Index of element i of a vector of n with increment inc (the reference's
 * start at (1-n)*inc for a negative increment). */
static int at(int i, int n, int inc) { return inc >= 0 ? i * inc : (i - n + 1) * inc; }

double ddot_(const int *n, const double *x, const int *incx, const double *y, const int *incy) {
    double dtemp = 0.0;
    if (*n <= 0)
        return 0.0;
    if (*incx == 1 && *incy == 1) {
        int m = *n % 5;
        for (int i = 0; i < m; i++)
            dtemp = dtemp + x[i] * y[i];
        if (*n < 5)
            return dtemp;
        for (int i = m; i < *n; i += 5)
            dtemp = dtemp + x[i] * y[i] + x[i + 1] * y[i + 1] + x[i + 2] * y[i + 2] +
                    x[i + 3] * y[i + 3] + x[i + 4] * y[i + 4];
        return dtemp;
    }
    for (int i = 0; i < *n; i++)
        dtemp = dtemp + x[at(i, *n, *incx)] * y[at(i, *n, *incy)];
    return dtemp;
}

/* DNRM2 before LAPACK 3.10: scaled sum of squares. */
double dnrm2_(const int *n, const double *x, const int *incx) {
    if (*n < 1 || *incx < 1)
        return 0.0;
    if (*n == 1)
        return fabs(x[0]);
    double scale = 0.0, ssq = 1.0;
    for (int ix = 0; ix <= (*n - 1) * *incx; ix += *incx) {
        if (x[ix] != 0.0) {
            double absxi = fabs(x[ix]);
            if (scale < absxi) {
                ssq = 1.0 + ssq * (scale / absxi) * (scale / absxi);
                scale = absxi;
            } else {
                ssq = ssq + (absxi / scale) * (absxi / scale);
            }
        }
    }
    return scale * sqrt(ssq);
}

double dasum_(const int *n, const double *x, const int *incx) {
    double dtemp = 0.0;
    if (*n <= 0 || *incx <= 0)
        return 0.0;
    if (*incx == 1) {
        int m = *n % 6;
        for (int i = 0; i < m; i++)
            dtemp = dtemp + fabs(x[i]);
        if (*n < 6)
            return dtemp;
        for (int i = m; i < *n; i += 6)
            dtemp = dtemp + fabs(x[i]) + fabs(x[i + 1]) + fabs(x[i + 2]) + fabs(x[i + 3]) +
                    fabs(x[i + 4]) + fabs(x[i + 5]);
        return dtemp;
    }
    for (int i = 0; i < *n * *incx; i += *incx)
        dtemp = dtemp + fabs(x[i]);
    return dtemp;
}

int idamax_(const int *n, const double *x, const int *incx) {
    if (*n < 1 || *incx <= 0)
        return 0;
    if (*n == 1)
        return 1;
    int best = 1;
    double dmax = fabs(x[0]);
    for (int i = 1; i < *n; i++) {
        if (fabs(x[i * *incx]) > dmax) {
            best = i + 1;
            dmax = fabs(x[i * *incx]);
        }
    }
    return best;
}

void daxpy_(const int *n, const double *alpha, const double *x, const int *incx, double *y,
            const int *incy) {
    if (*n <= 0 || *alpha == 0.0)
        return;
    if (*incx == 1 && *incy == 1) {
        int m = *n % 4;
        for (int i = 0; i < m; i++)
            y[i] = y[i] + *alpha * x[i];
        if (*n < 4)
            return;
        for (int i = m; i < *n; i += 4) {
            y[i] = y[i] + *alpha * x[i];
            y[i + 1] = y[i + 1] + *alpha * x[i + 1];
            y[i + 2] = y[i + 2] + *alpha * x[i + 2];
            y[i + 3] = y[i + 3] + *alpha * x[i + 3];
        }
        return;
    }
    for (int i = 0; i < *n; i++)
        y[at(i, *n, *incy)] = y[at(i, *n, *incy)] + *alpha * x[at(i, *n, *incx)];
}

void dscal_(const int *n, const double *alpha, double *x, const int *incx) {
    if (*n <= 0 || *incx <= 0)
        return;
    if (*incx == 1) {
        int m = *n % 5;
        for (int i = 0; i < m; i++)
            x[i] = *alpha * x[i];
        if (*n < 5)
            return;
        for (int i = m; i < *n; i += 5) {
            x[i] = *alpha * x[i];
            x[i + 1] = *alpha * x[i + 1];
            x[i + 2] = *alpha * x[i + 2];
            x[i + 3] = *alpha * x[i + 3];
            x[i + 4] = *alpha * x[i + 4];
        }
        return;
    }
    for (int i = 0; i < *n * *incx; i += *incx)
        x[i] = *alpha * x[i];
}

void dcopy_(const int *n, const double *x, const int *incx, double *y, const int *incy) {
    for (int i = 0; i < *n; i++)
        y[at(i, *n, *incy)] = x[at(i, *n, *incx)];
}

void dswap_(const int *n, double *x, const int *incx, double *y, const int *incy) {
    for (int i = 0; i < *n; i++) {
        double t = x[at(i, *n, *incx)];
        x[at(i, *n, *incx)] = y[at(i, *n, *incy)];
        y[at(i, *n, *incy)] = t;
    }
}

static int lsame(char a, char b) { return a == b || a == b + ('a' - 'A'); }

/* y := alpha*op(A)*x + beta*y, A m x n column-major (DGEMV). */
void dgemv_(const char *trans, const int *m, const int *n, const double *alpha, const double *a,
            const int *lda, const double *x, const int *incx, const double *beta, double *y,
            const int *incy) {
    int info = 0;
    if (!lsame(*trans, 'N') && !lsame(*trans, 'T') && !lsame(*trans, 'C'))
        info = 1;
    else if (*m < 0)
        info = 2;
    else if (*n < 0)
        info = 3;
    else if (*lda < (*m > 1 ? *m : 1))
        info = 6;
    else if (*incx == 0)
        info = 8;
    else if (*incy == 0)
        info = 11;
    if (info != 0) {
        xerbla("DGEMV ", info);
        return;
    }
    if (*m == 0 || *n == 0 || (*alpha == 0.0 && *beta == 1.0))
        return;
    int notrans = lsame(*trans, 'N');
    int lenx = notrans ? *n : *m, leny = notrans ? *m : *n;
    if (*beta != 1.0) {
        for (int i = 0; i < leny; i++)
            y[at(i, leny, *incy)] = *beta == 0.0 ? 0.0 : *beta * y[at(i, leny, *incy)];
    }
    if (*alpha == 0.0)
        return;
    if (notrans) {
        for (int j = 0; j < *n; j++) {
            double temp = *alpha * x[at(j, lenx, *incx)];
            for (int i = 0; i < *m; i++)
                y[at(i, leny, *incy)] = y[at(i, leny, *incy)] + temp * a[i + j * *lda];
        }
    } else {
        for (int j = 0; j < *n; j++) {
            double temp = 0.0;
            for (int i = 0; i < *m; i++)
                temp = temp + a[i + j * *lda] * x[at(i, lenx, *incx)];
            y[at(j, leny, *incy)] = y[at(j, leny, *incy)] + *alpha * temp;
        }
    }
}

/* A := alpha*x*y' + A (DGER). */
void dger_(const int *m, const int *n, const double *alpha, const double *x, const int *incx,
           const double *y, const int *incy, double *a, const int *lda) {
    int info = 0;
    if (*m < 0)
        info = 1;
    else if (*n < 0)
        info = 2;
    else if (*incx == 0)
        info = 5;
    else if (*incy == 0)
        info = 7;
    else if (*lda < (*m > 1 ? *m : 1))
        info = 9;
    if (info != 0) {
        xerbla("DGER  ", info);
        return;
    }
    if (*m == 0 || *n == 0 || *alpha == 0.0)
        return;
    for (int j = 0; j < *n; j++) {
        double yj = y[at(j, *n, *incy)];
        if (yj != 0.0) {
            double temp = *alpha * yj;
            for (int i = 0; i < *m; i++)
                a[i + j * *lda] = a[i + j * *lda] + x[at(i, *m, *incx)] * temp;
        }
    }
}

/* C := alpha*op(A)*op(B) + beta*C, column-major (DGEMM). */
void dgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc) {
    int nota = lsame(*transa, 'N'), notb = lsame(*transb, 'N');
    int nrowa = nota ? *m : *k, nrowb = notb ? *k : *n;
    int info = 0;
    if (!nota && !lsame(*transa, 'C') && !lsame(*transa, 'T'))
        info = 1;
    else if (!notb && !lsame(*transb, 'C') && !lsame(*transb, 'T'))
        info = 2;
    else if (*m < 0)
        info = 3;
    else if (*n < 0)
        info = 4;
    else if (*k < 0)
        info = 5;
    else if (*lda < (nrowa > 1 ? nrowa : 1))
        info = 8;
    else if (*ldb < (nrowb > 1 ? nrowb : 1))
        info = 10;
    else if (*ldc < (*m > 1 ? *m : 1))
        info = 13;
    if (info != 0) {
        xerbla("DGEMM ", info);
        return;
    }
    if (*m == 0 || *n == 0 || ((*alpha == 0.0 || *k == 0) && *beta == 1.0))
        return;
    if (*alpha == 0.0) {
        for (int j = 0; j < *n; j++)
            for (int i = 0; i < *m; i++)
                c[i + j * *ldc] = *beta == 0.0 ? 0.0 : *beta * c[i + j * *ldc];
        return;
    }
    for (int j = 0; j < *n; j++) {
        if (nota) {
            if (*beta == 0.0)
                for (int i = 0; i < *m; i++)
                    c[i + j * *ldc] = 0.0;
            else if (*beta != 1.0)
                for (int i = 0; i < *m; i++)
                    c[i + j * *ldc] = *beta * c[i + j * *ldc];
            for (int l = 0; l < *k; l++) {
                double temp = *alpha * (notb ? b[l + j * *ldb] : b[j + l * *ldb]);
                for (int i = 0; i < *m; i++)
                    c[i + j * *ldc] = c[i + j * *ldc] + temp * a[i + l * *lda];
            }
        } else {
            for (int i = 0; i < *m; i++) {
                double temp = 0.0;
                for (int l = 0; l < *k; l++)
                    temp = temp + a[l + i * *lda] * (notb ? b[l + j * *ldb] : b[j + l * *ldb]);
                c[i + j * *ldc] = *beta == 0.0 ? *alpha * temp : *alpha * temp + *beta * c[i + j * *ldc];
            }
        }
    }
}

/* CBLAS: the Fortran routines, row-major as the transposed problem. */
double cblas_ddot(const int N, const double *X, const int incX, const double *Y, const int incY) {
    return ddot_(&N, X, &incX, Y, &incY);
}
double cblas_dnrm2(const int N, const double *X, const int incX) { return dnrm2_(&N, X, &incX); }
double cblas_dasum(const int N, const double *X, const int incX) { return dasum_(&N, X, &incX); }
size_t cblas_idamax(const int N, const double *X, const int incX) {
    int i = idamax_(&N, X, &incX);
    return i > 0 ? (size_t)(i - 1) : 0;
}
void cblas_daxpy(const int N, const double alpha, const double *X, const int incX, double *Y,
                 const int incY) {
    daxpy_(&N, &alpha, X, &incX, Y, &incY);
}
void cblas_dscal(const int N, const double alpha, double *X, const int incX) {
    dscal_(&N, &alpha, X, &incX);
}
void cblas_dcopy(const int N, const double *X, const int incX, double *Y, const int incY) {
    dcopy_(&N, X, &incX, Y, &incY);
}
void cblas_dswap(const int N, double *X, const int incX, double *Y, const int incY) {
    dswap_(&N, X, &incX, Y, &incY);
}

static char trans_char(CBLAS_TRANSPOSE t) { return t == CblasNoTrans ? 'N' : t == CblasTrans ? 'T' : 'C'; }

void cblas_dgemv(const CBLAS_ORDER order, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const double alpha, const double *A, const int lda, const double *X,
                 const int incX, const double beta, double *Y, const int incY) {
    if (order == CblasColMajor) {
        char t = trans_char(TransA);
        dgemv_(&t, &M, &N, &alpha, A, &lda, X, &incX, &beta, Y, &incY);
    } else if (order == CblasRowMajor) {
        char t = TransA == CblasNoTrans ? 'T' : 'N';
        dgemv_(&t, &N, &M, &alpha, A, &lda, X, &incX, &beta, Y, &incY);
    } else {
        xerbla("cblas_dgemv", 1);
    }
}

void cblas_dger(const CBLAS_ORDER order, const int M, const int N, const double alpha,
                const double *X, const int incX, const double *Y, const int incY, double *A,
                const int lda) {
    if (order == CblasColMajor)
        dger_(&M, &N, &alpha, X, &incX, Y, &incY, A, &lda);
    else if (order == CblasRowMajor)
        dger_(&N, &M, &alpha, Y, &incY, X, &incX, A, &lda);
    else
        xerbla("cblas_dger", 1);
}

void cblas_dgemm(const CBLAS_ORDER Order, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_TRANSPOSE TransB, const int M, const int N, const int K,
                 const double alpha, const double *A, const int lda, const double *B,
                 const int ldb, const double beta, double *C, const int ldc) {
    char ta = trans_char(TransA), tb = trans_char(TransB);
    if (Order == CblasColMajor)
        dgemm_(&ta, &tb, &M, &N, &K, &alpha, A, &lda, B, &ldb, &beta, C, &ldc);
    else if (Order == CblasRowMajor)
        dgemm_(&tb, &ta, &N, &M, &K, &alpha, B, &ldb, A, &lda, &beta, C, &ldc);
    else
        xerbla("cblas_dgemm", 1);
}
