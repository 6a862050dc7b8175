/* RUN: -n 2
 * EXPECT: verified
 * Attribute caching on communicators (MPI 3.1 §6.7.2): a keyval with a
 * copy and a delete callback, one with MPI_COMM_NULL_COPY_FN and one with
 * MPI_COMM_DUP_FN. MPI_Comm_dup runs the copy callbacks (the flag they
 * return decides whether the new communicator gets the attribute; the
 * null copy function copies nothing), MPI_Comm_set_attr on a present
 * attribute runs the delete callback on the old value first,
 * MPI_Comm_delete_attr and MPI_Comm_free run the delete callbacks, and a
 * keyval freed while in use keeps working for the attributes still cached
 * with it.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int copies, deletes;
static int deleted_sum;

static int copy_twice(MPI_Comm old, int keyval, void *extra, void *in, void *out,
                      int *flag) {
    (void)old; (void)keyval; (void)extra;
    copies++;
    *(void **)out = (void *)((char *)in + 1); /* the copy holds the value + 1 */
    *flag = 1;
    return MPI_SUCCESS;
}

static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra) {
    (void)comm; (void)keyval;
    deletes++;
    deleted_sum += (int)((char *)value - (char *)NULL);
    *(int *)extra += 1;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int per_key = 0;
    int kv, kv_null, kv_dup;
    MPI_Comm_create_keyval(copy_twice, count_delete, &kv, &per_key);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &kv_null, NULL);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &kv_dup, NULL);

    MPI_Comm a;
    MPI_Comm_dup(MPI_COMM_WORLD, &a);
    int flag = 1;
    void *v;
    MPI_Comm_get_attr(a, kv, &v, &flag);
    assert(!flag); /* nothing cached yet */

    MPI_Comm_set_attr(a, kv, (void *)((char *)NULL + 10));
    MPI_Comm_set_attr(a, kv, (void *)((char *)NULL + 20)); /* deletes 10 */
    assert(deletes == 1 && deleted_sum == 10);
    static int shared = 7;
    MPI_Comm_set_attr(a, kv_null, &shared);
    MPI_Comm_set_attr(a, kv_dup, &shared);

    MPI_Comm b;
    MPI_Comm_dup(a, &b);
    assert(copies == 1);
    MPI_Comm_get_attr(b, kv, &v, &flag);
    assert(flag && v == (void *)((char *)NULL + 21));
    MPI_Comm_get_attr(b, kv_null, &v, &flag);
    assert(!flag); /* MPI_COMM_NULL_COPY_FN: not copied */
    MPI_Comm_get_attr(b, kv_dup, &v, &flag);
    assert(flag && *(int *)v == 7); /* MPI_COMM_DUP_FN: the same pointer */

    /* Not erroneous while attributes use it (§6.7.2). */
    int kept = kv;
    MPI_Comm_free_keyval(&kv);
    assert(kv == MPI_KEYVAL_INVALID);

    MPI_Comm_delete_attr(a, kept); /* deletes 20 */
    assert(deletes == 2 && deleted_sum == 30);
    MPI_Comm_free(&a);
    assert(deletes == 2); /* nothing left on a under the counting keyval */
    MPI_Comm_free(&b); /* deletes 21 */
    assert(deletes == 3 && deleted_sum == 51 && per_key == 3);

    MPI_Comm_free_keyval(&kv_null);
    MPI_Comm_free_keyval(&kv_dup);
    MPI_Finalize();
    return 0;
}
