/* RUN: -n 2
 * EXPECT: error assertion
 * qsort calls back into the program: its comparator reads `descending`,
 * which only main writes. The order it produces decides the value sent,
 * so that store is in the cone of influence of the assertion on the
 * receiver although no line of main reads it.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static int descending;

static int by_direction(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return descending ? (y > x) - (y < x) : (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int rank, v[4] = {3, 1, 4, 2};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    descending = 1;
    if (rank == 0) {
        qsort(v, 4, sizeof v[0], by_direction);
        MPI_Send(&v[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        int first;
        MPI_Recv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(first == 1); /* BUG: sorted descending, the first is 4 */
    }
    MPI_Finalize();
    return 0;
}
