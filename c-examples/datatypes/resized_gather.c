/* RUN: -n 3
 * EXPECT: verified
 * MPI_Gather into the columns of a row-major 2x3 matrix at the root: the receive type is one
 * int column (2 ints, stride 3) resized to the extent of one int (MPI_Type_create_resized,
 * MPI 3.1 §4.1.7), so rank j's block lands in column j. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Datatype col, col_resized;
    MPI_Type_vector(2, 1, 3, MPI_INT, &col);
    MPI_Type_create_resized(col, 0, sizeof(int), &col_resized);
    MPI_Type_commit(&col_resized);
    MPI_Type_free(&col);
    int mine[2] = {10 * rank, 10 * rank + 1};
    int m[2][3] = {{0}};
    MPI_Gather(mine, 2, MPI_INT, m, 1, col_resized, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int j = 0; j < size; j++) {
            assert(m[0][j] == 10 * j);
            assert(m[1][j] == 10 * j + 1);
        }
    MPI_Type_free(&col_resized);
    MPI_Finalize();
    return 0;
}
