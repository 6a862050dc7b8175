/* RUN: -n 3
 * EXPECT: verified
 * Under MPI_THREAD_MULTIPLE, thread t of rank 0 receives from rank t + 1
 * while the other thread receives from the other rank. A blocking call
 * blocks only its thread (MPI 4.0 §11.6.2), so neither receive waits for
 * the other; the two receives name different sources, so whichever thread
 * the library serves first, each gets its own message.
 */
#include <mpi.h>
#include <omp.h>
#include <assert.h>

int main(int argc, char **argv) {
    int rank, provided, got[2] = {0, 0};
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        #pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num();
            MPI_Recv(&got[t], 1, MPI_INT, t + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        assert(got[0] == 10 && got[1] == 20);
    } else {
        int v = 10 * rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
