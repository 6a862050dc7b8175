/* RUN: -n 2
 * EXPECT: inconclusive
 * A terabyte request to malloc, with a fallback to a small buffer when it returns NULL.
 * Whether malloc answers NULL depends on the system (C11 7.22.3), and the model holds at
 * most 2 GiB in one block: it does not pick an answer for the system, it ends the check
 * inconclusive at the malloc (fidelity-search/malloc_3gb_checked_inconclusive.c).
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
