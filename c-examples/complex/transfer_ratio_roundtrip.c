/* RUN: -n 3
 * EXPECT: error assertion
 * Each rank computes the ratio of two complex amplitudes, h = y / x (complex division,
 * C11 6.5.5, evaluated by the runtime library's __divdc3), and rank 0 collects the
 * ratios with MPI_Gather on MPI_C_DOUBLE_COMPLEX (MPI 3.1 §3.2.2). Rank 0 then checks
 * that multiplying each ratio back gives the original amplitude exactly. That holds in
 * exact arithmetic, not in floating point: for rank 2, (y / x) * x differs from y in
 * the last bits of both parts, and the assertion fails, as it does in a native run.
 * Comparing with a tolerance (cabs(h * x - y) <= 1e-12 * cabs(y)) fixes the program.
 */
#include <assert.h>
#include <complex.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double _Complex x = (rank + 1) + 0.1 * I, y = 1.0 + 2.0 * I;
    double _Complex h = y / x, all[16];
    MPI_Gather(&h, 1, MPI_C_DOUBLE_COMPLEX, all, 1, MPI_C_DOUBLE_COMPLEX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size && r < 16; r++) {
            double _Complex back = all[r] * ((r + 1) + 0.1 * I);
            assert(creal(back) == 1.0 && cimag(back) == 2.0);
        }
    }
    MPI_Finalize();
    return 0;
}
