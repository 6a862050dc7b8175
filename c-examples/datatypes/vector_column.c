/* RUN: -n 2
 * EXPECT: verified
 * MPI_Type_vector picks column 1 of a 4x4 row-major matrix (4 blocks of 1 int, stride 4,
 * MPI 3.1 §4.1.2); rank 0 sends it, rank 1 receives it as 4 contiguous ints. The values
 * really move through the strided layout. Also checks MPI_Type_size and
 * MPI_Type_get_extent. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype column;
    MPI_Type_vector(4, 1, 4, MPI_INT, &column);
    MPI_Type_commit(&column);
    int size;
    MPI_Aint lb, extent;
    MPI_Type_size(column, &size);
    MPI_Type_get_extent(column, &lb, &extent);
    assert(size == 16 && lb == 0 && extent == 13 * (MPI_Aint)sizeof(int));
    if (rank == 0) {
        int m[4][4];
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
                m[i][j] = 10 * i + j;
        MPI_Send(&m[0][1], 1, column, 1, 0, MPI_COMM_WORLD);
    } else {
        int col[4];
        MPI_Status st;
        MPI_Recv(col, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        for (int i = 0; i < 4; i++)
            assert(col[i] == 10 * i + 1);
        int n;
        MPI_Get_elements(&st, MPI_INT, &n);
        assert(n == 4);
    }
    MPI_Type_free(&column);
    assert(column == MPI_DATATYPE_NULL);
    MPI_Finalize();
    return 0;
}
