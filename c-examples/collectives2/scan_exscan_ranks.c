/* RUN: -n 4
 * EXPECT: verified
 * Prefix reductions (MPI 3.1 §5.11): MPI_Scan of the ranks gives rank*(rank+1)/2 on each
 * rank, MPI_Exscan gives rank*(rank-1)/2 and leaves rank 0's buffer untouched (its result is
 * undefined), and both work in place. MPI_Scan with MPI_MAX of a pattern checks a second
 * operation. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, sum = -1, ex = -7, v, mx;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Scan(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(sum == rank * (rank + 1) / 2);

    MPI_Exscan(&rank, &ex, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        assert(ex == -7);
    else
        assert(ex == rank * (rank - 1) / 2);

    v = rank;
    MPI_Scan(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(v == rank * (rank + 1) / 2);
    v = 10 + rank;
    MPI_Exscan(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_PROD, MPI_COMM_WORLD);
    if (rank == 2)
        assert(v == 10 * 11);

    int pattern = (rank * 7) % 5; /* 0 2 4 1 */
    MPI_Scan(&pattern, &mx, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    assert(mx == (rank == 0 ? 0 : rank == 1 ? 2 : 4));
    MPI_Finalize();
    return 0;
}
