/* RUN: -n 3 --all-errors
 * EXPECT: error assertion
 * Rank 0 assumes the first message it gets is rank 2's and fails its assertion when rank 1's
 * comes first. Rank 2 is then left in a synchronous send to the failed rank, and rank 1's
 * later standard send to rank 2 could only complete if buffered. Both are consequences of the
 * failed assertion (the job ends there), so only the assertion is reported, not a
 * buffering hazard or a deadlock: the exhaustive search agrees.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, v, w = 0;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&w, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        assert(st.MPI_SOURCE == 2);
        MPI_Recv(&w, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        v = 1;
        MPI_Send(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 2, 3, MPI_COMM_WORLD);
    } else if (rank == 2) {
        v = 2;
        MPI_Ssend(&v, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Recv(&w, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
