/* RUN: -n 3
 * EXPECT: verified
 * A user operation over a derived datatype (MPI 3.1 §5.9.5): complex numbers as
 * MPI_Type_contiguous(2, MPI_DOUBLE), multiplied elementwise. The function receives the
 * datatype handle and the count of elements of that type (2 complex numbers here, not 4
 * doubles); the product of (1+i), (2), (0+i) is (-2+2i), and (1), (1-i), (3) gives (3-3i).
 */
#include <assert.h>
#include <mpi.h>

static MPI_Datatype complex_type;

static void cmul(void *in, void *inout, int *len, MPI_Datatype *dt) {
    double *a = (double *)in, *b = (double *)inout;
    assert(*dt == complex_type);
    for (int i = 0; i < *len; i++) {
        double re = a[2 * i] * b[2 * i] - a[2 * i + 1] * b[2 * i + 1];
        double im = a[2 * i] * b[2 * i + 1] + a[2 * i + 1] * b[2 * i];
        b[2 * i] = re;
        b[2 * i + 1] = im;
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(2, MPI_DOUBLE, &complex_type);
    MPI_Type_commit(&complex_type);
    MPI_Op op;
    MPI_Op_create(cmul, 1, &op);
    double v[3][4] = {{1, 1, 1, 0}, {2, 0, 1, -1}, {0, 1, 3, 0}};
    double out[4] = {0, 0, 0, 0};
    MPI_Allreduce(v[rank], out, 2, complex_type, op, MPI_COMM_WORLD);
    assert(out[0] == -2 && out[1] == 2);
    assert(out[2] == 3 && out[3] == -3);
    double red[4] = {0, 0, 0, 0};
    MPI_Reduce(v[rank], red, 2, complex_type, op, 1, MPI_COMM_WORLD);
    if (rank == 1)
        assert(red[0] == -2 && red[3] == -3);
    MPI_Op_free(&op);
    MPI_Type_free(&complex_type);
    MPI_Finalize();
    return 0;
}
