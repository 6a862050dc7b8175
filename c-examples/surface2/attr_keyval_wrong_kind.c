/* RUN: -n 1
 * EXPECT: error invalid-argument
 * A keyval is made for one kind of object (MPI 3.1 §6.7.2–§6.7.4): one
 * made by MPI_Comm_create_keyval cannot cache an attribute on a datatype.
 */
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int kv;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &kv, NULL);
    static int v;
    MPI_Type_set_attr(MPI_INT, kv, &v); /* BUG: a communicator keyval */
    MPI_Comm_free_keyval(&kv);
    MPI_Finalize();
    return 0;
}
