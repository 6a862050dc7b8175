/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of leak_type_vector.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    MPI_Datatype column;
    int mat[3][3] = {{0}};
    MPI_Type_vector(3, 1, 3, MPI_INT, &column);
    MPI_Type_commit(&column);
    if (rank == 0) {
        mat[2][1] = 8;
        MPI_Send(&mat[0][1], 1, column, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&mat[0][1], 1, column, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (mat[2][1] != 8)
            printf("wrong column\n");
    }
    MPI_Type_free(&column);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
