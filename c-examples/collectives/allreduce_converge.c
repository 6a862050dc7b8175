/* RUN: -n 4
 * EXPECT: verified
 * Convergence loop done right: each rank halves its local value every sweep, but the stop
 * test uses the global residual from MPI_Allreduce(MAX), so all ranks run the same number
 * of sweeps and call the same sequence of collectives (contrast errors/mismatch_convergence_loop.c).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    double x = 8.0 * rank, global = 0.0;
    int sweeps = 0;
    do {
        x = 0.5 * x;
        sweeps++;
        MPI_Allreduce(&x, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    } while (global > 1.0 && sweeps < 50);

    int lo, hi;
    MPI_Allreduce(&sweeps, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&sweeps, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    assert(lo == hi && sweeps < 50);
    assert(global <= 1.0);
    MPI_Finalize();
    return 0;
}
