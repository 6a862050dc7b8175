/* RUN: -n 4 --any-input
 * EXPECT: verified
 * The coordinator hands one task to every worker, starting with a randomly drawn worker,
 * `1 + rand() % (size - 1)`. The first destination takes size - 1 values; under
 * --any-input the SMT solver finds a draw for each, each is checked in a run of its own,
 * and the verdict holds for every draw.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size, task = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int first = 1 + rand() % (size - 1);
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
