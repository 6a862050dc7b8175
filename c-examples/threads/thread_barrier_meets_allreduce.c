/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * Under MPI_THREAD_MULTIPLE one thread of rank 0's parallel region calls MPI_Barrier
 * while rank 1 calls MPI_Allreduce as its first collective on MPI_COMM_WORLD: the ranks
 * call different collectives in the same place of the communicator's sequence (MPI 3.1
 * §5.1). The report names the functions the program called (the checker posts the
 * thread's blocking call as its nonblocking form internally, so that the thread can
 * wait while the others run; the call still is, and matches as, an MPI_Barrier).
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int provided, rank, x = 1, y = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0)
                MPI_Barrier(MPI_COMM_WORLD);
        }
    } else {
        MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
