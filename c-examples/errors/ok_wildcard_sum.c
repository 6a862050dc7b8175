/* RUN: -n 4
 * EXPECT: verified
 * Near miss of assert_result_order.c: results are collected with MPI_ANY_SOURCE but filed
 * under status.MPI_SOURCE and checked per worker, so every arrival order (3! of them with
 * 4 processes) passes.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int *result = calloc(size, sizeof(int));
        for (int w = 1; w < size; w++) {
            int task = 10 * w;
            MPI_Send(&task, 1, MPI_INT, w, 0, MPI_COMM_WORLD);
        }
        for (int k = 1; k < size; k++) {
            int v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
            result[st.MPI_SOURCE] = v;
        }
        for (int w = 1; w < size; w++)
            assert(result[w] == 100 * w * w);
        free(result);
    } else {
        int task, res;
        MPI_Recv(&task, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        res = task * task;
        MPI_Send(&res, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
