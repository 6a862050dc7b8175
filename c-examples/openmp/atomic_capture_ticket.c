/* RUN: -n 2
 * EXPECT: inconclusive
 * `#pragma omp atomic capture` hands out tickets: which thread gets ticket 0
 * is up to the schedule, and here the ticket decides the tag of rank 0's
 * message. The checker sees the captured value depend on the thread order
 * and says it cannot decide (thread schedules are not explored).
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, provided, next = 0, first = -1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel
    {
        int ticket;
        #pragma omp atomic capture
        ticket = next++;
        if (ticket == 0)
            first = omp_get_thread_num();
    }
    int x = 1;
    if (rank == 0)
        MPI_Send(&x, 1, MPI_INT, 1, first, MPI_COMM_WORLD);
    else
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
