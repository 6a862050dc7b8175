/* RUN: -n 2
 * EXPECT: inconclusive
 * Which thread enters a critical section first is up to the schedule; here
 * it decides whether rank 0 sends the message rank 1 waits for, so some
 * real runs hang. The checker runs the threads in one order and, seeing
 * that another order would compute another value, says so instead of
 * claiming the program correct (thread schedules are not explored).
 */
#include <mpi.h>
#include <omp.h>

int winner = -1;

int main(int argc, char **argv) {
    int rank, provided, x = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel
    {
        #pragma omp critical
        {
            if (winner < 0)
                winner = omp_get_thread_num();
        }
    }
    if (rank == 0 && winner == 0)
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    if (rank == 1)
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
