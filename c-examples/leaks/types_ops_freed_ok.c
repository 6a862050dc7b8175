/* RUN: -n 2
 * EXPECT: verified
 * Near miss of type_not_freed.c and op_and_buffer_not_freed.c: an intermediate type is freed
 * as soon as the type built from it exists (the derived type stays usable, MPI 3.1 §4.1.10),
 * the column type and its duplicate are freed after use, the user operation is freed
 * (MPI_Op_free) and the attached buffer detached. Predefined types and operations (MPI_INT,
 * MPI_SUM) are never freed.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static void absmax(void *in, void *inout, int *len, MPI_Datatype *dt) {
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        int x = a[i] < 0 ? -a[i] : a[i], y = b[i] < 0 ? -b[i] : b[i];
        b[i] = x > y ? x : y;
    }
}

int main(int argc, char **argv) {
    int rank, m[3][2] = {{1, 2}, {3, 4}, {5, 6}}, col[3] = {0, 0, 0}, v, r = 0, size;
    MPI_Datatype one, column, copy;
    MPI_Op op;
    void *buf;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(1, MPI_INT, &one);
    MPI_Type_vector(3, 1, 2, one, &column);
    MPI_Type_free(&one);
    MPI_Type_dup(column, &copy);
    MPI_Type_commit(&copy);
    if (rank == 0)
        MPI_Send(&m[0][1], 1, copy, 1, 0, MPI_COMM_WORLD);
    else {
        MPI_Recv(col, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(col[0] == 2 && col[1] == 4 && col[2] == 6);
    }
    MPI_Type_free(&copy);
    MPI_Type_free(&column);

    MPI_Op_create(absmax, 1, &op);
    v = rank == 0 ? -3 : 2;
    MPI_Allreduce(&v, &r, 1, MPI_INT, op, MPI_COMM_WORLD);
    assert(r == 3);
    MPI_Op_free(&op);
    MPI_Allreduce(&v, &r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

    size = 64 + MPI_BSEND_OVERHEAD;
    buf = malloc(size);
    MPI_Buffer_attach(buf, size);
    MPI_Buffer_detach(&buf, &size);
    free(buf);
    MPI_Finalize();
    return 0;
}
