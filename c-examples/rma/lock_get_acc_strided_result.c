/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 swaps the diagonal of rank 1's 3x3 matrix with MPI_Get_accumulate and
 * MPI_REPLACE: the target side is a strided datatype (every fourth int), and the old
 * values come back into a strided result buffer too (the diagonal of rank 0's own
 * matrix). Element by element, the old diagonal of rank 1 lands where rank 0 asked
 * (MPI 3.1 §11.3.4).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, a[3][3], mine[3][3], fresh[3] = {7, 8, 9};
    MPI_Win win;
    MPI_Datatype diag;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            a[i][j] = 10 * i + j;
            mine[i][j] = -1;
        }
    MPI_Type_vector(3, 1, 4, MPI_INT, &diag);
    MPI_Type_commit(&diag);
    MPI_Win_create(a, sizeof a, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Get_accumulate(fresh, 3, MPI_INT, mine, 1, diag, 1, 0, 1, diag, MPI_REPLACE, win);
        MPI_Win_unlock(1, win);
        assert(mine[0][0] == 0 && mine[1][1] == 11 && mine[2][2] == 22);
        assert(mine[0][1] == -1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        assert(a[0][0] == 7 && a[1][1] == 8 && a[2][2] == 9 && a[0][1] == 1);
    MPI_Type_free(&diag);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
