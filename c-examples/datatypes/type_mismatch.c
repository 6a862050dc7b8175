/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Rank 0 sends 4 MPI_INT; rank 1 receives 4 MPI_FLOAT. Same size, different type
 * signatures: erroneous (MPI 3.1 §3.3.1), even though real MPI silently reinterprets the bytes.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int v[4] = {1, 2, 3, 4};
        MPI_Send(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        float f[4];
        MPI_Recv(f, 4, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
