/* RUN: -n 2
 * EXPECT: error mpi-usage
 * MPI called inside `#pragma omp single` under MPI_THREAD_FUNNELED: the
 * single block runs on whichever thread reaches it first, not necessarily
 * the main thread, and FUNNELED promises the library that only the main
 * thread calls MPI (MPI 4.0 §11.6). It works in most runs and breaks with
 * some libraries and schedules. Fixes: `#pragma omp master` (then a
 * barrier before the data is used) or MPI_THREAD_SERIALIZED
 * (`serialized_single_ok.c`).
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, provided, x = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel
    {
        #pragma omp single
        {
            if (rank == 0)
                MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            else
                MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    MPI_Finalize();
    return 0;
}
