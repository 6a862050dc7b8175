/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Every member of a reduction passes the same count and datatype signature (MPI 3.1 §5.1,
 * §5.9.6): rank 1 reduces its 2 MPI_FLOAT where rank 0 reduces 2 MPI_INT of the same size.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int a[2] = {1, 2}, s[2];
        MPI_Allreduce(a, s, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else {
        float a[2] = {1, 2}, s[2];
        MPI_Allreduce(a, s, 2, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
