/* RUN: -n 2
 * EXPECT: error assertion
 * A recursive function stays a function (it is not inlined into main) and
 * reads `base`, which only main writes.
 */
#include <assert.h>
#include <mpi.h>

static int base;

static int power(int n) { return n == 0 ? 1 : base * power(n - 1); }

int main(int argc, char **argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    base = 2;
    if (rank == 0) {
        v = power(3);
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 1); /* BUG: 2^3 */
    }
    MPI_Finalize();
    return 0;
}
