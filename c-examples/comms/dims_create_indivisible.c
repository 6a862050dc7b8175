/* RUN: -n 1
 * EXPECT: error invalid-argument
 * The caller fixes 4 processes in the first dimension but has 6 in total:
 * 6 is not a multiple of 4 (MPI 3.1 §7.5.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int dims[2] = {4, 0};
    MPI_Dims_create(6, 2, dims);
    MPI_Finalize();
    return 0;
}
