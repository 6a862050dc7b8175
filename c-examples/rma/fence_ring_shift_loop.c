/* RUN: -n 4
 * EXPECT: verified
 * Three fence epochs shift a token one step around the ring per epoch. Epoch k Puts into
 * in[k % 2] of the right neighbour while the rank reads in[(k - 1) % 2], which was
 * completed by the previous fence; a Put issued after a fence reaches a target only after
 * the target has called that fence (MPI 3.1 §11.5.1), so the double buffer keeps reads and
 * Puts apart. Loop fences assert MPI_MODE_NOSTORE: no local store touches the window.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, in[2] = {-1, -1};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size;
    int token = rank;
    MPI_Win_create(in, sizeof in, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    for (int k = 0; k < 3; k++) {
        MPI_Put(&token, 1, MPI_INT, right, k % 2, 1, MPI_INT, win);
        MPI_Win_fence(MPI_MODE_NOSTORE | (k == 2 ? MPI_MODE_NOSUCCEED : 0), win);
        token = in[k % 2];
        assert(token == (rank - (k + 1) + 2 * size) % size);
    }
    assert(token == (rank + size - 3) % size);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
