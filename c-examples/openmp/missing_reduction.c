/* RUN: -n 2
 * EXPECT: error data-race
 * The most common OpenMP bug: a sum over a `parallel for` without a
 * `reduction(+:sum)` clause. Every thread reads and writes the shared
 * `sum`, and the result that MPI_Reduce then combines differs from run to
 * run. The checker reports both accesses; the fix is the clause.
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double a[64], sum = 0;
    for (int i = 0; i < 64; i++)
        a[i] = i + rank;
    #pragma omp parallel for
    for (int i = 0; i < 64; i++)
        sum += a[i];
    double total;
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("total %f\n", total);
    MPI_Finalize();
    return 0;
}
