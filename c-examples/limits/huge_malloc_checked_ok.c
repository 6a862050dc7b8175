/* RUN: -n 2
 * EXPECT: verified
 * A terabyte request to malloc: the checker, like a real malloc, may answer NULL, and
 * the program falls back to a small buffer. Verified: every path is checked.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *table = malloc((size_t)1 << 40);
    if (table == NULL)
        table = malloc(4 * sizeof(int));
    table[0] = rank == 0 ? 42 : 0;
    MPI_Bcast(table, 1, MPI_INT, 0, MPI_COMM_WORLD);
    value = table[0];
    free(table);
    MPI_Finalize();
    return value == 42 ? 0 : 1;
}
