/* RUN: -n 2
 * EXPECT: verified
 * Each rank adds a 100 x 100 matrix, transposed by a derived target
 * datatype (columns of a row-major matrix, resized to one int), into the
 * other rank's window: one MPI_Accumulate of 10,000 ints. The call is
 * atomic per element (MPI 3.1 §11.7.1), but no other atomic operation
 * competes for those elements, so every order of its elements ends the
 * same: the check takes one step for the whole call, not one per element.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#define N 100

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *matrix = malloc(N * N * sizeof(int));
    int *base;
    MPI_Win win;
    MPI_Win_allocate(N * N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                     &win);
    for (int i = 0; i < N * N; i++) {
        matrix[i] = i + rank;
        base[i] = 1;
    }
    MPI_Datatype column, column_step, transposed;
    MPI_Type_vector(N, 1, N, MPI_INT, &column);
    MPI_Type_create_resized(column, 0, sizeof(int), &column_step);
    MPI_Type_contiguous(N, column_step, &transposed);
    MPI_Type_commit(&transposed);
    MPI_Win_fence(0, win);
    MPI_Accumulate(matrix, N * N, MPI_INT, 1 - rank, 0, 1, transposed, MPI_SUM, win);
    MPI_Win_fence(0, win);
    int other = 1 - rank;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            assert(base[i * N + j] == 1 + j * N + i + other);
    MPI_Type_free(&transposed);
    MPI_Type_free(&column_step);
    MPI_Type_free(&column);
    MPI_Win_free(&win);
    free(matrix);
    MPI_Finalize();
    return 0;
}
