/* RUN: -n 3
 * EXPECT: verified
 * Every rank contributes the pair {rank, 10*rank} to MPI_Allgather and checks the whole
 * assembled table, which is laid out in rank order on every process.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int mine[2] = {rank, 10 * rank};
    int *table = malloc(2 * size * sizeof(int));
    MPI_Allgather(mine, 2, MPI_INT, table, 2, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++) {
        assert(table[2 * r] == r);
        assert(table[2 * r + 1] == 10 * r);
    }
    free(table);
    MPI_Finalize();
    return 0;
}
