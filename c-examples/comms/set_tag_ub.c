/* RUN: -n 1
 * EXPECT: error invalid-argument
 * The predefined attribute MPI_TAG_UB can be read but not set
 * (MPI 3.1 §8.1.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    static int big = 1 << 20;
    MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, &big);
    MPI_Finalize();
    return 0;
}
