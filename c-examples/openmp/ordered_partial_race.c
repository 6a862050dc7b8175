/* RUN: -n 2
 * EXPECT: error data-race
 * A running sum computed in a `for ordered` loop whose `ordered` block
 * holds only the output: the update of `acc` stays outside it, so two
 * iterations on two threads update it at the same time. Only the ordered
 * blocks of the iterations are ordered (OpenMP 5.2 §15.10.2), not the rest
 * of their bodies; moving `acc += x[i]` into the block fixes it.
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
    int rank;
    double x[N], prefix[N], acc = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        x[i] = rank + i;
    #pragma omp parallel for ordered
    for (int i = 0; i < N; i++) {
        acc += x[i];
        #pragma omp ordered
        {
            prefix[i] = acc;
            printf("%d %g\n", i, prefix[i]);
        }
    }
    double last;
    MPI_Allreduce(&prefix[N - 1], &last, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
