/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of leak_op_create.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void absmax(void *in, void *inout, int *len, MPI_Datatype *type) {
    int *a = (int *)in, *b = (int *)inout;
    for (int i = 0; i < *len; i++) {
        int x = a[i] < 0 ? -a[i] : a[i];
        if (x > b[i])
            b[i] = x;
    }
}

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    MPI_Op op;
    int in = rank + 1, out = 0;
    MPI_Op_create(absmax, 1, &op);
    MPI_Allreduce(&in, &out, 1, MPI_INT, op, MPI_COMM_WORLD);
    if (out != nprocs)
        printf("wrong max\n");
    MPI_Op_free(&op);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
