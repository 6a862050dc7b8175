/* RUN: -n 2
 * EXTRACT: -- -fopenmp
 * EXPECT: error assertion
 * An OpenMP parallel region is a function the runtime calls on every
 * thread; it reads `bonus`, which main stores before the region and
 * never reads itself.
 */
#include <assert.h>
#include <mpi.h>

static int bonus;

int main(int argc, char **argv) {
    int rank, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    bonus = 3;
#pragma omp parallel num_threads(2) reduction(+ : total)
    total += bonus;
    int sum;
    MPI_Allreduce(&total, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(sum == 0); /* BUG: every thread of every rank adds bonus */
    MPI_Finalize();
    return 0;
}
