/* RUN: -n 3 --all-errors
 * EXPECT: error assertion
 * Rank 0 checks the value rank 1 sends it and fails its assertion; it never sends rank 2
 * the message rank 2 waits for first. Rank 2 then never receives rank 1's second message,
 * and rank 1 never gets rank 2's reply. Without buffering rank 1 would also stay in its
 * MPI_Send to rank 2: every one of these waits follows from rank 0 stopping at its error
 * (an assertion aborts the job on a real MPI), so only the assertion is reported, also
 * under --all-errors, as the exhaustive search (--reduction none) does.
 * Twin: assert_and_unrelated_deadlock.c.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 1, got = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&got, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(got == 2);
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
        MPI_Recv(&got, 1, MPI_INT, 2, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&got, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&v, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
