/* RUN: -n 2
 * EXPECT: error assertion
 * Rank 1 sends two messages with the same envelope, 1 then 2; two threads
 * of rank 0 each receive one of them into their own slot, and the program
 * then assumes that thread 0 got the first. Messages of one sender arrive
 * in order (MPI 4.0 §3.5), but the two threads' receives are not ordered:
 * the library serves them in some order (§11.6.2), so thread 1 may get the
 * first message. The checker explores both orders of the receives, and the
 * assertion fails in one of them.
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
            MPI_Recv(&got[t], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        assert(got[0] == 1 && got[1] == 2);
    } else {
        for (int i = 1; i <= 2; i++)
            MPI_Send(&i, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
