/* RUN: -n 4
 * EXPECT: error collective-mismatch
 * A user bug: the convergence check MPI_Allreduce sits inside `if (local_err > tol)`,
 * which depends on rank-local data, so ranks whose part already converged skip the
 * collective while the others wait in it.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double local_err = fabs(0.5 - rank * 0.25), global_err = 0.0;
    const double tol = 0.3;
    if (local_err > tol) {
        MPI_Allreduce(&local_err, &global_err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        printf("rank %d: global error %f\n", rank, global_err);
    }
    MPI_Finalize();
    return 0;
}
