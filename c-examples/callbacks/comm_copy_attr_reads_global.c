/* RUN: -n 2
 * EXPECT: error assertion
 * An attribute copy callback reads a global that only main writes: the
 * store `copy_enabled = 0` matters although main never reads it again.
 * MPI_Comm_dup runs the callback (MPI 3.1 §6.7.2), so the slicer must
 * count the duplication as reading everything the callback may read. The
 * callback then says not to copy, and the assertion that the duplicate
 * caches the attribute fails on every rank.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int copy_enabled = 1;

static int maybe_copy(MPI_Comm old, int keyval, void *extra, void *in,
                      void *out, int *flag) {
    (void)old; (void)keyval; (void)extra;
    *(void **)out = in;
    *flag = copy_enabled;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    copy_enabled = 0;
    int kv;
    MPI_Comm_create_keyval(maybe_copy, MPI_COMM_NULL_DELETE_FN, &kv, NULL);
    static int value = 1;
    MPI_Comm_set_attr(MPI_COMM_WORLD, kv, &value);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int flag = 0;
    int *got;
    MPI_Comm_get_attr(dup, kv, &got, &flag);
    assert(flag); /* BUG: the callback did not copy */
    MPI_Comm_free(&dup);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, kv);
    MPI_Comm_free_keyval(&kv);
    MPI_Finalize();
    return 0;
}
