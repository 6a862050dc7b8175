/* RUN: -n 2
 * EXPECT: error data-race
 * A `taskloop` whose iterations all add into one shared variable: the
 * iterations run as tasks, several of which may run at once on different
 * threads (OpenMP 5.2 §12.6), so two of them may update `sum` at the same
 * time. A `reduction(+: sum)` clause on the taskloop, or an atomic update,
 * makes it correct.
 */
#include <mpi.h>
#include <omp.h>

#define N 16

int main(int argc, char **argv) {
    int rank;
    double sum = 0, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel shared(sum)
    #pragma omp single
    #pragma omp taskloop num_tasks(4)
    for (int i = 0; i < N; i++)
        sum += rank + i;
    MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
