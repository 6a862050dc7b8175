/* RUN: -n 3
 * EXPECT: verified
 * MPI_Allreduce with a user-defined operation (MPI_Op_create, MPI 3.1 §5.9.5): elementwise
 * maximum of absolute values over doubles. The checker runs the C function itself; every rank
 * asserts the reduced vector. Deterministic: one execution.
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>

static void maxabs(void *in, void *inout, int *len, MPI_Datatype *dt) {
    double *a = (double *)in, *b = (double *)inout;
    (void)dt;
    for (int i = 0; i < *len; i++) {
        double x = a[i] < 0 ? -a[i] : a[i];
        double y = b[i] < 0 ? -b[i] : b[i];
        b[i] = x > y ? x : y;
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Op op;
    MPI_Op_create(maxabs, 1, &op);
    /* rank 0: {-5, 1, 0.5}, rank 1: {2, -7, 0.25}, rank 2: {3, 4, -9} */
    double v[3][3] = {{-5.0, 1.0, 0.5}, {2.0, -7.0, 0.25}, {3.0, 4.0, -9.0}};
    double out[3] = {0, 0, 0};
    MPI_Allreduce(v[rank], out, 3, MPI_DOUBLE, op, MPI_COMM_WORLD);
    assert(out[0] == 5.0);
    assert(out[1] == 7.0);
    assert(out[2] == 9.0);
    MPI_Op_free(&op);
    assert(op == MPI_OP_NULL);
    MPI_Finalize();
    return 0;
}
