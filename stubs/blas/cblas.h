/* cblas.h: the C interface to the BLAS (Netlib's CBLAS names and enums),
 * for `mpi-extract --stub blas` (stubs/blas/blas_stub.c defines the
 * double-precision routines below as the reference BLAS computes them, so
 * that numerical results stay exact). The Fortran names (ddot_, dgemm_...)
 * are defined too. */
#ifndef CBLAS_H
#define CBLAS_H

#include <stddef.h>

typedef enum CBLAS_ORDER { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_ORDER;
typedef enum CBLAS_TRANSPOSE { CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113 } CBLAS_TRANSPOSE;
typedef enum CBLAS_UPLO { CblasUpper = 121, CblasLower = 122 } CBLAS_UPLO;
typedef CBLAS_ORDER CBLAS_LAYOUT;

double cblas_ddot(const int N, const double *X, const int incX, const double *Y, const int incY);
double cblas_dnrm2(const int N, const double *X, const int incX);
double cblas_dasum(const int N, const double *X, const int incX);
size_t cblas_idamax(const int N, const double *X, const int incX);
void cblas_daxpy(const int N, const double alpha, const double *X, const int incX, double *Y,
                 const int incY);
void cblas_dscal(const int N, const double alpha, double *X, const int incX);
void cblas_dcopy(const int N, const double *X, const int incX, double *Y, const int incY);
void cblas_dswap(const int N, double *X, const int incX, double *Y, const int incY);
void cblas_dgemv(const CBLAS_ORDER order, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const double alpha, const double *A, const int lda, const double *X,
                 const int incX, const double beta, double *Y, const int incY);
void cblas_dger(const CBLAS_ORDER order, const int M, const int N, const double alpha,
                const double *X, const int incX, const double *Y, const int incY, double *A,
                const int lda);
void cblas_dgemm(const CBLAS_ORDER Order, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_TRANSPOSE TransB, const int M, const int N, const int K,
                 const double alpha, const double *A, const int lda, const double *B,
                 const int ldb, const double beta, double *C, const int ldc);

/* The Fortran interface (every argument by reference). */
double ddot_(const int *n, const double *x, const int *incx, const double *y, const int *incy);
double dnrm2_(const int *n, const double *x, const int *incx);
double dasum_(const int *n, const double *x, const int *incx);
int idamax_(const int *n, const double *x, const int *incx);
void daxpy_(const int *n, const double *alpha, const double *x, const int *incx, double *y,
            const int *incy);
void dscal_(const int *n, const double *alpha, double *x, const int *incx);
void dcopy_(const int *n, const double *x, const int *incx, double *y, const int *incy);
void dswap_(const int *n, double *x, const int *incx, double *y, const int *incy);
void dgemv_(const char *trans, const int *m, const int *n, const double *alpha, const double *a,
            const int *lda, const double *x, const int *incx, const double *beta, double *y,
            const int *incy);
void dger_(const int *m, const int *n, const double *alpha, const double *x, const int *incx,
           const double *y, const int *incy, double *a, const int *lda);
void dgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc);

#endif
