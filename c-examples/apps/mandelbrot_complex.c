/* RUN: -n 3
 * EXPECT: verified
 * Mandelbrot set with C99 `double complex` (complex.h): rows are dealt out cyclically,
 * each rank counts iterations with cabs and z*z + c, and MPI_Reduce sums the counts on
 * rank 0, which checks the total computed by the serial program (2361). Clang multiplies
 * complex numbers inline; its library fallback (__muldc3) is only for NaN products.
 */
#include <assert.h>
#include <complex.h>
#include <mpi.h>
#include <stdio.h>

#define W 16
#define H 8
#define MAXIT 50

static int iterate(double complex c) {
    double complex z = 0;
    int k = 0;
    while (k < MAXIT && cabs(z) <= 2.0) {
        z = z * z + c;
        k++;
    }
    return k;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long local = 0, total = 0;
    for (int y = rank; y < H; y += size)
        for (int x = 0; x < W; x++) {
            double complex c = (-2.0 + 3.0 * x / W) + (-1.0 + 2.0 * y / H) * I;
            local += iterate(c);
        }
    MPI_Reduce(&local, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("total iterations %ld\n", total);
        assert(total == 2361);
        assert(creal(0.5 + 2.0 * I) == 0.5 && cimag(conj(1.0 + 3.0 * I)) == -3.0);
    }
    MPI_Finalize();
    return 0;
}
