/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A delete callback that returns other than MPI_SUCCESS makes the call
 * that ran it erroneous (MPI 3.1 §6.7.2): here MPI_Comm_free of a
 * communicator whose cached buffer the callback refuses to release.
 */
#include <mpi.h>
#include <stddef.h>

static int refuse(MPI_Comm comm, int keyval, void *value, void *extra) {
    (void)comm; (void)keyval; (void)value; (void)extra;
    return MPI_ERR_OTHER; /* BUG: the free fails */
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int kv;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, refuse, &kv, NULL);
    MPI_Comm c;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    static int data;
    MPI_Comm_set_attr(c, kv, &data);
    MPI_Comm_free(&c);
    MPI_Comm_free_keyval(&kv);
    MPI_Finalize();
    return 0;
}
