/* RUN: -n 4
 * EXPECT: verified
 * Classic pi by midpoint integration of 4/(1+x^2): rank 0 broadcasts the interval
 * count, every rank sums its strided share, MPI_Reduce(SUM) brings the partial sums to
 * rank 0, which prints the error and the time taken with MPI_Wtime.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define PI25DT 3.141592653589793238462643

static double f(double x) { return 4.0 / (1.0 + x * x); }

int main(int argc, char *argv[]) {
    int n = 0, myid, numprocs, i;
    double mypi, pi, h, sum, x;
    double startwtime = 0.0, endwtime;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &numprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &myid);

    if (myid == 0) {
        n = argc > 1 ? atoi(argv[1]) : 1000;
        startwtime = MPI_Wtime();
    }
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);

    h = 1.0 / (double)n;
    sum = 0.0;
    for (i = myid + 1; i <= n; i += numprocs) {
        x = h * ((double)i - 0.5);
        sum += f(x);
    }
    mypi = h * sum;

    MPI_Reduce(&mypi, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

    if (myid == 0) {
        endwtime = MPI_Wtime();
        double err = fabs(pi - PI25DT);
        printf("pi is approximately %.16f, Error is %.16f\n", pi, err);
        printf("wall clock time = %f\n", endwtime - startwtime);
        if (err > 1e-5) {
            fprintf(stderr, "integration too inaccurate\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Finalize();
    return 0;
}
