/* RUN: -n 3
 * EXPECT: verified
 * MPI_Iallreduce completed by an MPI_Test polling loop (MPI 3.1 §5.12): the result is read
 * only once MPI_Test says the request is complete. Asking again from the same state is not a
 * new behavior, so the loop explores one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, total = -1, flag = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int mine = rank + 1;
    MPI_Iallreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
    while (!flag)
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    assert(total == 6);
    MPI_Finalize();
    return 0;
}
