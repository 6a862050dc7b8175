/* RUN: -n 2..4
 * EXPECT: error assertion
 * A manager hands one task to each worker and collects the results with
 * MPI_ANY_SOURCE, assuming they come back in worker order. With one worker
 * (np 2) there is no order to get wrong and the program verifies; from np 3 on
 * a later worker's result can arrive first. Checking a range of process counts
 * shows at which sizes the assumption breaks.
 */
#include <assert.h>
#include <mpi.h>

enum { TAG_TASK = 1, TAG_RESULT = 2 };

static int work(int task) { return task * task + 1; }

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int w, result;
        MPI_Status status;
        for (w = 1; w < size; w++)
            MPI_Send(&w, 1, MPI_INT, w, TAG_TASK, MPI_COMM_WORLD);
        for (w = 1; w < size; w++) {
            MPI_Recv(&result, 1, MPI_INT, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &status);
            assert(status.MPI_SOURCE == w); /* results in worker order: not guaranteed */
            assert(result == work(w));
        }
    } else {
        int task, result;
        MPI_Recv(&task, 1, MPI_INT, 0, TAG_TASK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        result = work(task);
        MPI_Send(&result, 1, MPI_INT, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
