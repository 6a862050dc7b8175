/* RUN: -n 2
 * EXPECT: error assertion
 * A user reduction operation reads a global that only main writes: the
 * store `scale = 100` matters although main never reads `scale` again.
 * The MPI library calls the operation inside MPI_Allreduce (MPI 3.1
 * §5.9.5), so the slicer must count the reduction as reading everything
 * the operation may read. Each element becomes 1 + 1 + 100: the assertion
 * that expects 2 fails on every rank.
 */
#include <assert.h>
#include <mpi.h>

static int scale;

static void add_scaled(void *in, void *inout, int *len, MPI_Datatype *type) {
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++)
        b[i] = a[i] + b[i] + scale;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    scale = 100;
    MPI_Op op;
    MPI_Op_create(add_scaled, 1, &op);
    int mine = 1, sum = 0;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, op, MPI_COMM_WORLD);
    assert(sum == 2); /* BUG: the operation adds scale */
    MPI_Op_free(&op);
    MPI_Finalize();
    return 0;
}
