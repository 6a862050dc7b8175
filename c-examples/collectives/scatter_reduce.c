/* RUN: -n 4
 * EXPECT: verified
 * Work distribution: root 0 fills 0..size*CHUNK-1 and MPI_Scatter's CHUNK ints to each
 * rank; every rank checks its slice, sums it, and MPI_Reduce (SUM) brings the partial sums
 * back; the root checks the total M(M-1)/2.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#define CHUNK 3

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int m = size * CHUNK;

    int *full = NULL;
    if (rank == 0) {
        full = malloc(m * sizeof(int));
        for (int i = 0; i < m; i++)
            full[i] = i;
    }
    int part[CHUNK];
    MPI_Scatter(full, CHUNK, MPI_INT, part, CHUNK, MPI_INT, 0, MPI_COMM_WORLD);

    int local = 0;
    for (int i = 0; i < CHUNK; i++) {
        assert(part[i] == rank * CHUNK + i);
        local += part[i];
    }
    int total = -1;
    MPI_Reduce(&local, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        assert(total == m * (m - 1) / 2);
        free(full);
    }
    MPI_Finalize();
    return 0;
}
