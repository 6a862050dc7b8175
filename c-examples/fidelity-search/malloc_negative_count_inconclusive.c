/* RUN: -n 2
 * EXPECT: inconclusive
 * A count computed as `rank - 2` is negative on both ranks, and `count * sizeof(int)`
 * turns it into a size near SIZE_MAX. That size is the program's value: the request
 * is more than the model can back, so the check ends inconclusive at the malloc rather
 * than answering NULL (the program would report a failure that depends on the system)
 * or reporting an error the program may not have.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int count = rank - 2;
    int *v = malloc(count * sizeof(int));
    if (v == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    free(v);
    MPI_Finalize();
    return 0;
}
