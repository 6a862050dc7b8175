/* RUN: -n 4
 * EXPECT: verified
 * Non-periodic pipeline shift with MPI_Sendrecv where the chain ends talk to MPI_PROC_NULL:
 * a receive from MPI_PROC_NULL completes at once, leaves the buffer untouched and reports
 * source MPI_PROC_NULL. Rank 0 keeps its sentinel, every other rank gets its left value.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank == 0 ? MPI_PROC_NULL : rank - 1;
    int right = rank == size - 1 ? MPI_PROC_NULL : rank + 1;

    int mine = 3 * rank + 2, got = -1;
    MPI_Status st;
    MPI_Sendrecv(&mine, 1, MPI_INT, right, 4, &got, 1, MPI_INT, left, 4, MPI_COMM_WORLD, &st);
    if (rank == 0) {
        assert(got == -1);
        assert(st.MPI_SOURCE == MPI_PROC_NULL);
    } else {
        assert(got == 3 * (rank - 1) + 2);
        assert(st.MPI_SOURCE == rank - 1 && st.MPI_TAG == 4);
    }
    MPI_Finalize();
    return 0;
}
