/* RUN: -n 2
 * EXPECT: error memory-error
 * Rank 0 opens an input file that is not there and reads from it without checking
 * what fopen returned: fopen returns NULL for a file it cannot open (C11 7.21.5.3),
 * and fscanf through a NULL stream crashes the rank.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, n = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        FILE *f = fopen("no-such-input.txt", "r");
        fscanf(f, "%d", &n); /* BUG: f is NULL */
        fclose(f);
    }
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
