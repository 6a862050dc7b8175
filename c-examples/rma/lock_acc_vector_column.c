/* RUN: -n 3
 * EXPECT: verified
 * Ranks 1 and 2 add a column of values into a 4x4 matrix on rank 0 with
 * MPI_Accumulate, the target side described by an MPI_Type_vector (one element per
 * row). A derived target datatype of an accumulate is built from one predefined type,
 * and the operation is atomic per element (MPI 3.1 §11.3.4, §11.7.1), so the two sums
 * meet correctly in every order and the rest of the matrix is untouched.
 */
#include <assert.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv) {
    int rank, m[N][N], add[N];
    MPI_Win win;
    MPI_Datatype column;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m[i][j] = 0;
    for (int i = 0; i < N; i++)
        add[i] = rank * (i + 1);
    MPI_Type_vector(N, 1, N, MPI_INT, &column);
    MPI_Type_commit(&column);
    MPI_Win_create(m, sizeof m, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank != 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(add, N, MPI_INT, 0, 2, 1, column, MPI_SUM, win); /* column 2 */
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < N; i++) {
            assert(m[i][2] == 3 * (i + 1));
            assert(m[i][1] == 0 && m[i][3] == 0);
        }
    }
    MPI_Type_free(&column);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
