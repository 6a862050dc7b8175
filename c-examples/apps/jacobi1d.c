/* RUN: -n 3
 * EXPECT: verified
 * 1-D heat equation by Jacobi iteration: each rank holds NLOC interior points plus two
 * ghost cells, exchanges halos with MPI_Sendrecv (MPI_PROC_NULL at the ends), and stops
 * when the global residual from MPI_Allreduce(MAX) of fabs differences, or the L2 norm via
 * sqrt of an Allreduce(SUM), drops below a tolerance or after MAXIT sweeps.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define NLOC 6
#define MAXIT 10
#define TOL 1e-3

int main(int argc, char **argv) {
    int rank, size;
    double u[NLOC + 2], unew[NLOC + 2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    memset(u, 0, sizeof u);
    if (rank == 0)
        u[0] = 100.0; /* fixed hot boundary */
    memcpy(unew, u, sizeof u);

    int it;
    double gdiff = 0.0, norm = 0.0;
    for (it = 0; it < MAXIT; it++) {
        MPI_Sendrecv(&u[NLOC], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[NLOC + 1], 1, MPI_DOUBLE, right, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rank == 0)
            u[0] = 100.0;
        double ldiff = 0.0, lsq = 0.0;
        for (int i = 1; i <= NLOC; i++) {
            unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
            double d = fabs(unew[i] - u[i]);
            if (d > ldiff)
                ldiff = d;
            lsq += unew[i] * unew[i];
        }
        for (int i = 1; i <= NLOC; i++)
            u[i] = unew[i];
        MPI_Allreduce(&ldiff, &gdiff, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(&lsq, &norm, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        norm = sqrt(norm);
        if (gdiff < TOL)
            break;
    }
    if (rank == 0)
        printf("stopped after %d sweeps, diff %g, norm %.6e\n", it, gdiff, norm);
    MPI_Finalize();
    return 0;
}
