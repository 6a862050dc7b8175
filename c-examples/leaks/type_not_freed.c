/* RUN: -n 2
 * EXPECT: error resource-leak
 * Rank 0 sends a matrix column with a committed MPI_Type_vector and never frees the type
 * (MPI_Type_free, MPI 3.1 §4.1.10); rank 1 receives plain integers. Predefined types need no
 * freeing; derived ones do.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, col[3];
    MPI_Datatype column;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Type_vector(3, 1, 3, MPI_INT, &column);
        MPI_Type_commit(&column);
        MPI_Send(&m[0][1], 1, column, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(col, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
