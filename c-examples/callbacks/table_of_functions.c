/* RUN: -n 2
 * EXPECT: error assertion
 * A function chosen from a table at run time reads a global only main
 * writes (`offset`): the call through the pointer may read anything, so
 * the store stays in the cone of influence.
 */
#include <assert.h>
#include <mpi.h>

static int offset;

static int shift_up(int x) { return x + offset; }
static int shift_down(int x) { return x - offset; }

static int (*const shifts[2])(int) = {shift_up, shift_down};

int main(int argc, char **argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    offset = 5;
    if (rank == 0) {
        v = shifts[argc > 5](10);
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 10); /* BUG: shifted by offset */
    }
    MPI_Finalize();
    return 0;
}
