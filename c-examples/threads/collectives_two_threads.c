/* RUN: -n 2
 * EXPECT: error mpi-usage
 * Two threads of each rank call collectives on MPI_COMM_WORLD at the same
 * time: thread 0 an MPI_Bcast, thread 1 an MPI_Allreduce. Collective calls
 * are matched in the order each process issues them, and with nothing
 * ordering the threads that order may differ between the ranks (rank 0's
 * broadcast meets rank 1's reduction): MPI 4.0 §11.6.2 makes ordering
 * such calls the user's job. Reported as mpi-usage, a rule of the thread
 * interface broken, rather than collective-mismatch: in a run where both
 * ranks happen to take the same order the calls do match.
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, provided, root_value = 0, sum = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        root_value = 42;
    #pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            MPI_Bcast(&root_value, 1, MPI_INT, 0, MPI_COMM_WORLD);
        } else {
            int one = 1;
            MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
