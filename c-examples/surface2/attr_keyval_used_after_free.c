/* RUN: -n 1
 * EXPECT: error invalid-argument
 * MPI_Comm_free_keyval sets the keyval to MPI_KEYVAL_INVALID (MPI 3.1
 * §6.7.2); a copy kept of a keyval no attribute uses any more names
 * nothing: caching with it is erroneous.
 */
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int kv;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &kv, NULL);
    int kept = kv;
    MPI_Comm_free_keyval(&kv);
    static int v;
    MPI_Comm_set_attr(MPI_COMM_WORLD, kept, &v); /* BUG: freed keyval */
    MPI_Finalize();
    return 0;
}
