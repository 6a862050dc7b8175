/* RUN: -n 3
 * EXPECT: verified
 * The same shape as op_reads_global.c, correct: the operation reads a
 * weight main stored before the reduction, through a pointer main also
 * stored in a global, and the assertion expects the weighted sum. Verified
 * with and without slicing (the operation's reads are kept).
 */
#include <assert.h>
#include <mpi.h>

static int weight_storage;
static int *weight = &weight_storage;

static void weighted_max(void *in, void *inout, int *len, MPI_Datatype *type) {
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        int x = a[i] * *weight, y = b[i];
        b[i] = x > y ? x : y;
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    *weight = 1;
    MPI_Op op;
    MPI_Op_create(weighted_max, 0, &op);
    int mine = rank + 1, best = 0;
    MPI_Reduce(&mine, &best, 1, MPI_INT, op, 0, MPI_COMM_WORLD);
    if (rank == 0)
        assert(best == 3);
    MPI_Op_free(&op);
    MPI_Finalize();
    return 0;
}
