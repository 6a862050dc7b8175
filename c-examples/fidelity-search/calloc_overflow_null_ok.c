/* RUN: -n 2
 * EXPECT: verified
 * calloc of 2^40 elements of 2^40 bytes: the product overflows size_t, so no system
 * can provide the array and calloc returns NULL with errno = ENOMEM (C11 7.22.3.2;
 * glibc checks the product). Unlike a request the model merely cannot back (see
 * malloc_3gb_checked_inconclusive.c), that answer is certain, and the program's
 * fallback to a small buffer is checked: verified.
 */
#include <errno.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *table = calloc((size_t)1 << 40, (size_t)1 << 40);
    if (table == NULL) {
        if (errno != ENOMEM)
            MPI_Abort(MPI_COMM_WORLD, 2);
        table = calloc(4, sizeof(int));
    }
    table[0] = rank == 0 ? 42 : 0;
    MPI_Bcast(table, 1, MPI_INT, 0, MPI_COMM_WORLD);
    value = table[0];
    free(table);
    MPI_Finalize();
    return value == 42 ? 0 : 1;
}
