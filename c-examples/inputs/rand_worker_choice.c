/* RUN: -n 4 --any-input
 * EXPECT: error mpi-usage
 * EXPECT: error buffering-hazard
 * The coordinator hands one task to every worker, starting with a randomly drawn one so
 * that no worker is always served first. The draw is `rand() % size` instead of
 * `1 + rand() % (size - 1)`: when it is 0 the coordinator sends the first task to itself
 * and blocks. glibc's default seed draws a worker, so real runs usually pass. The first
 * destination takes only `size` values: under --any-input each is checked in a run of its
 * own, found by the SMT solver, and the deadlock names the draw.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size, task = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int first = rand() % size;
        task = 100 + first;
        MPI_Send(&task, 1, MPI_INT, first, 0, MPI_COMM_WORLD);
        for (int w = 1; w < size; w++) {
            if (w == first)
                continue;
            task = 100 + w;
            MPI_Send(&task, 1, MPI_INT, w, 0, MPI_COMM_WORLD);
        }
    } else {
        MPI_Recv(&task, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
