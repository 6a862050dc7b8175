/* RUN: -n 2
 * EXPECT: error assertion
 * An attribute delete callback reads a global that only main writes:
 * MPI_Finalize runs the delete callbacks of MPI_COMM_SELF's attributes
 * (MPI 3.1 §8.7.1), so the store `still_needed = 1` before it matters
 * although main never reads it. The callback asserts the cached state is
 * no longer needed, which fails on every rank.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int still_needed;

static int release(MPI_Comm comm, int keyval, void *value, void *extra) {
    (void)comm; (void)keyval; (void)value; (void)extra;
    assert(!still_needed); /* BUG: main set it */
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int kv;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, release, &kv, NULL);
    static int state;
    MPI_Comm_set_attr(MPI_COMM_SELF, kv, &state);
    MPI_Comm_free_keyval(&kv);
    still_needed = 1;
    MPI_Finalize();
    return 0;
}
