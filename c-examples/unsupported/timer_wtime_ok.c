/* RUN: -n 2
 * EXPECT: verified
 * timer_reached.c with MPI_Wtime (modeled) instead of getrusage: nothing
 * unsupported remains and the check is complete.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        v = 7;
    double t0 = MPI_Wtime();
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    if (rank == 0)
        printf("bcast took %g s\n", t1 - t0);
    if (v != 7)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Finalize();
    return 0;
}
