/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Rank 0 broadcasts 4 MPI_INT, rank 1 receives the broadcast as 4 MPI_FLOAT. The sizes
 * agree (16 bytes) but the type signatures must be equal (MPI 3.1 §5.1, §5.4): real MPI
 * would reinterpret the bytes silently.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int v[4] = {1, 2, 3, 4};
        MPI_Bcast(v, 4, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        float f[4];
        MPI_Bcast(f, 4, MPI_FLOAT, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
