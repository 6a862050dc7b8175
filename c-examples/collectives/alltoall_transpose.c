/* RUN: -n 4
 * EXPECT: verified
 * Distributed transpose with MPI_Alltoall: rank r sends element 100*r + j to rank j, so
 * afterwards rank r's slot j must hold 100*j + r.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int *out = malloc(size * sizeof(int));
    int *in = malloc(size * sizeof(int));
    for (int j = 0; j < size; j++)
        out[j] = 100 * rank + j;
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    for (int j = 0; j < size; j++)
        assert(in[j] == 100 * j + rank);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
