/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * After a refactoring, the root branch distributes the configuration with MPI_Bcast while
 * the worker branch was changed to report with MPI_Reduce. The first collective on
 * MPI_COMM_WORLD is a Bcast on rank 0 but a Reduce on ranks 1 and 2.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cfg = 0, local;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    local = rank * 3;

    if (rank == 0) {
        cfg = 42;
        MPI_Bcast(&cfg, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Reduce(&local, &cfg, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
    printf("rank %d cfg %d\n", rank, cfg);
    MPI_Finalize();
    return 0;
}
