/* RUN: -n 3
 * EXPECT: verified
 * Near miss of missing_finalize.c: every rank leaves through exit() from a helper, but only after
 * MPI_Finalize; rank 2 takes an early path that still finalizes first.
 */
#include <mpi.h>
#include <stdlib.h>

static void finish(int code) {
    MPI_Finalize();
    exit(code);
}

int main(int argc, char **argv) {
    int rank, sum = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &sum);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Reduce(&rank, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 2)
        finish(0);
    if (rank == 0 && sum != 3)
        finish(1);
    finish(0);
    return 0;
}
