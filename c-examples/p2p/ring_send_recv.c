/* RUN: -n 4
 * EXPECT: verified
 * Token ring with blocking MPI_Send/MPI_Recv: rank 0 injects a token, every other rank
 * receives it from the left, adds its rank and forwards it to the right; rank 0 checks the
 * sum. Only rank 0 sends before receiving, so this is safe even with zero buffering.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size, token;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size;
    int left = (rank + size - 1) % size;

    if (rank == 0) {
        token = 0;
        MPI_Send(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(token == size * (size - 1) / 2);
        printf("token came back as %d\n", token);
    } else {
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        token += rank;
        MPI_Send(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
