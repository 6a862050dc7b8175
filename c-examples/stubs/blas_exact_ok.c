/* RUN: -n 2
 * EXTRACT: --stub blas
 * EXPECT: verified
 * A distributed dot product and matrix-vector product with CBLAS
 * (cblas_ddot, cblas_daxpy, cblas_dscal, cblas_dnrm2, cblas_dgemv,
 * cblas_dgemm) and the Fortran name ddot_. The bundled stub (--stub blas)
 * computes as the reference BLAS does, so the results the program checks
 * with == are exact: the assertion holds on every rank and the check
 * verifies. The partial sums are combined with MPI_Allreduce (MPI 3.1
 * §5.9.6).
 */
#include <assert.h>
#include <cblas.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double x[4] = {1, 2, 3, 4}, y[4] = {1, 1, 1, 1};
    for (int i = 0; i < 4; i++)
        x[i] += rank;
    double local = cblas_ddot(4, x, 1, y, 1), total = 0.0;
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    assert(total == 24.0); /* (10) + (14) at np 2 */
    int n = 4, one = 1;
    assert(ddot_(&n, x, &one, y, &one) == local);
    cblas_daxpy(4, 2.0, y, 1, x, 1);
    cblas_dscal(4, 0.5, x, 1);
    double three_four[2] = {3.0, 4.0};
    assert(cblas_dnrm2(2, three_four, 1) == 5.0);
    double a[2 * 3] = {1, 2, 3, 4, 5, 6}, v[3] = {1, 0, -1}, r[2] = {0, 0};
    cblas_dgemv(CblasRowMajor, CblasNoTrans, 2, 3, 1.0, a, 3, v, 1, 0.0, r, 1);
    assert(r[0] == -2.0 && r[1] == -2.0);
    double b[3 * 2] = {1, 0, 0, 1, 1, 1}, c[2 * 2];
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 3, 1.0, a, 3, b, 2, 0.0, c, 2);
    assert(c[0] == 4.0 && c[1] == 5.0 && c[2] == 10.0 && c[3] == 11.0);
    MPI_Finalize();
    return 0;
}
