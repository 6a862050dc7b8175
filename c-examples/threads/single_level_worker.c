/* RUN: -n 2
 * EXPECT: error mpi-usage
 * The program initializes MPI with MPI_Init, which provides
 * MPI_THREAD_SINGLE (MPI 4.0 §11.2.1: only one thread will execute), and
 * then lets thread 1 of a parallel region send while thread 0 computes.
 * Only the thread that initialized MPI may call it at this level (the
 * checker, leniently, allows thread 0 of a region, as under
 * MPI_THREAD_FUNNELED); a call from any other thread is an error. Ask
 * MPI_Init_thread for MPI_THREAD_SERIALIZED (or MULTIPLE) instead.
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    double work[64];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 1) {
            if (rank == 0)
                MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            else
                MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            for (int i = 0; i < 64; i++)
                work[i] = i;
        }
    }
    MPI_Finalize();
    return work[3] == 3 ? 0 : 1;
}
