/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * A checkpoint barrier sits inside `if (rank != 1)`: ranks 0 and 2 wait in
 * MPI_Barrier for rank 1, which finalizes without ever calling it. The ranks
 * call collectives inconsistently (a collective skipped by one rank): the
 * report gives both waiting ranks' lines and where rank 1 finished.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank != 1) /* bug: every rank must reach the barrier */
        MPI_Barrier(MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
