/* RUN: -n 3
 * EXPECT: verified
 * MPI_Reduce to root 0 with a non-commutative user-defined operation (MPI_Op_create with
 * commute = 0, MPI 3.1 §5.9.5): the product of 2x2 integer matrices, one per rank. The result
 * is the rank-ordered product M0 * M1 * M2, which differs from any other order. The operator
 * computes inoutvec = invec * inoutvec for each of the len matrices. Deterministic: one
 * execution.
 */
#include <assert.h>
#include <mpi.h>

static void matmul(void *in, void *inout, int *len, MPI_Datatype *dt) {
    (void)dt;
    int *a = (int *)in, *b = (int *)inout;
    for (int k = 0; k < *len / 4; k++, a += 4, b += 4) {
        int c[4];
        c[0] = a[0] * b[0] + a[1] * b[2];
        c[1] = a[0] * b[1] + a[1] * b[3];
        c[2] = a[2] * b[0] + a[3] * b[2];
        c[3] = a[2] * b[1] + a[3] * b[3];
        for (int i = 0; i < 4; i++)
            b[i] = c[i];
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Op op;
    MPI_Op_create(matmul, 0, &op);
    /* Row-major 2x2 matrices: M0 = [1 1; 0 1], M1 = [1 0; 1 1], M2 = [2 0; 0 1]. */
    int m[3][4] = {{1, 1, 0, 1}, {1, 0, 1, 1}, {2, 0, 0, 1}};
    int out[4] = {0, 0, 0, 0};
    MPI_Reduce(m[rank], out, 4, MPI_INT, op, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        /* M0*M1 = [2 1; 1 1]; (M0*M1)*M2 = [4 1; 2 1]. */
        assert(out[0] == 4 && out[1] == 1);
        assert(out[2] == 2 && out[3] == 1);
    }
    MPI_Op_free(&op);
    MPI_Finalize();
    return 0;
}
