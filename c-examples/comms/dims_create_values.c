/* RUN: -n 1
 * EXPECT: verified
 * MPI_Dims_create (MPI 3.1 §7.5.2): balanced, non-increasing dimensions that
 * keep the entries the caller fixed.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int a[2] = {0, 0};
    MPI_Dims_create(6, 2, a);
    assert(a[0] == 3 && a[1] == 2);
    int b[3] = {0, 0, 0};
    MPI_Dims_create(7, 3, b);
    assert(b[0] == 7 && b[1] == 1 && b[2] == 1);
    int c[3] = {0, 3, 0};
    MPI_Dims_create(12, 3, c);
    assert(c[0] == 2 && c[1] == 3 && c[2] == 2);
    int d[2] = {0, 0};
    MPI_Dims_create(72, 2, d);
    assert(d[0] == 9 && d[1] == 8);
    int e[3] = {0, 0, 0};
    MPI_Dims_create(16, 3, e);
    assert(e[0] == 4 && e[1] == 2 && e[2] == 2);
    MPI_Finalize();
    return 0;
}
