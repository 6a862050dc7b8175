/* RUN: -n 2
 * EXPECT: error assertion
 * The operator assumes it is called on doubles, one by one, but the reduction passes 2
 * elements of a contiguous pair type: *len is the count of elements of the datatype given
 * to MPI_Allreduce (MPI 3.1 §5.9.5). The assertion fails inside the operator.
 */
#include <assert.h>
#include <mpi.h>

static void add_one(void *in, void *inout, int *len, MPI_Datatype *dt) {
    double *a = (double *)in, *b = (double *)inout;
    (void)dt;
    assert(*len == 1);
    b[0] += a[0];
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    MPI_Op op;
    MPI_Op_create(add_one, 1, &op);
    double v[4] = {1, 2, 3, 4}, out[4];
    MPI_Allreduce(v, out, 2, pair, op, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
