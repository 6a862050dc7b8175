/* RUN: -n 2
 * EXPECT: error deadlock
 * A barrier only thread 0 reaches: the other threads finish the region and
 * wait at its end while thread 0 waits at the barrier (OpenMP requires every
 * thread of the team to meet the same barriers). Real runs hang.
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    double local[8] = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel
    {
        int t = omp_get_thread_num();
        local[t] = t + rank;
        if (t == 0) {
            #pragma omp barrier
            printf("thread 0 saw %f\n", local[1]);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
