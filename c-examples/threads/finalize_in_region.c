/* RUN: -n 2
 * EXPECT: error mpi-usage
 * A communication thread (thread 1) receives the last message while the
 * main thread finishes its work and calls MPI_Finalize, inside the
 * parallel region and without waiting for the other thread. MPI 4.0
 * §11.6.2: MPI_Finalize must not be called while another thread of the
 * process is inside an MPI call (here thread 1 may still be in MPI_Recv).
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, provided, v = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        v = 5;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Finalize();
        return 0;
    }
    #pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 1)
            MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else
            MPI_Finalize();
    }
    return 0;
}
