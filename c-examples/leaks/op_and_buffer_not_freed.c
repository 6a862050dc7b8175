/* RUN: -n 2
 * EXPECT: error resource-leak
 * A user reduction operation (MPI_Op_create) is never freed (MPI_Op_free, MPI 3.1 §5.9.5) and
 * the buffer given to MPI_Buffer_attach is never detached (§3.6.1): both are listed, with the
 * lines that made them.
 */
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
    int rank, v, r = 0, size = 64 + MPI_BSEND_OVERHEAD;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    void *buf = malloc(size);
    MPI_Buffer_attach(buf, size);
    MPI_Op_create(absmax, 1, &op);
    v = rank == 0 ? -3 : 2;
    MPI_Allreduce(&v, &r, 1, MPI_INT, op, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
