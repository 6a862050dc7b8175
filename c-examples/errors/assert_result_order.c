/* RUN: -n 3
 * EXPECT: error assertion
 * Master/worker: rank 0 hands task k to worker k, then collects results with MPI_ANY_SOURCE
 * and stores them in arrival order, assuming worker 1 answers first. Both workers' replies
 * can match the first wildcard receive, so result[0] may hold worker 2's answer.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int result[2];
        for (int w = 1; w <= 2; w++) {
            int task = 10 * w;
            MPI_Send(&task, 1, MPI_INT, w, 0, MPI_COMM_WORLD);
        }
        for (int k = 0; k < 2; k++)
            MPI_Recv(&result[k], 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        assert(result[0] == 100 && result[1] == 400); /* order-dependent */
    } else if (rank <= 2) {
        int task, res;
        MPI_Recv(&task, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        res = task * task;
        MPI_Send(&res, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
