/* RUN: -n 2
 * EXPECT: error deadlock
 * Root 0 first waits for a status message, then joins MPI_Reduce; rank 1 contributes to the
 * Reduce first and then MPI_Ssend's the status. A non-synchronizing Reduce lets the
 * non-root return after contributing, but a synchronizing one blocks rank 1 until the root
 * enters, while the root blocks in Recv: deadlock in an allowed behavior of MPI.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int contrib = rank + 1, sum = 0, status_word = 0;
    if (rank == 0) {
        MPI_Recv(&status_word, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(status_word == 1);
        MPI_Reduce(&contrib, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        assert(sum == size * (size + 1) / 2);
    } else {
        MPI_Reduce(&contrib, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 1) {
            status_word = 1;
            MPI_Ssend(&status_word, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
