/* RUN: -n 2
 * EXPECT: verified
 * A keyval freed while an attribute is still cached with it (MPI 3.1 §6.7.2:
 * "it is not erroneous to free an attribute key that is in use, because the
 * actual free does not transpire until after all references [...] to the key
 * have been freed. These references need to be explicitly freed by the
 * program, either via calls to MPI_COMM_DELETE_ATTR [...] or by calls to
 * MPI_COMM_FREE"). The program keeps a copy of the handle (MPI_Comm_free_keyval
 * sets the variable to MPI_KEYVAL_INVALID), reads the attribute through it,
 * deletes it through it (the delete callback runs), and caches it once more on a
 * communicator whose MPI_Comm_free deletes it.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int deleted;

static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm; (void)keyval; (void)extra;
    deleted += *(int *)value;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm c1, c2;
    MPI_Comm_dup(MPI_COMM_WORLD, &c1);
    MPI_Comm_dup(MPI_COMM_WORLD, &c2);
    int kv, kept, flag;
    static int one = 1, ten = 10;
    void *got;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &kv, NULL);
    kept = kv;
    MPI_Comm_set_attr(c1, kv, &one);
    MPI_Comm_set_attr(c2, kv, &ten);
    MPI_Comm_free_keyval(&kv);
    assert(kv == MPI_KEYVAL_INVALID);
    MPI_Comm_get_attr(c1, kept, &got, &flag);
    assert(flag && got == &one);
    MPI_Comm_delete_attr(c1, kept);
    assert(deleted == 1);
    MPI_Comm_free(&c2); /* deletes the last attribute with the key */
    assert(deleted == 11);
    MPI_Comm_free(&c1);
    MPI_Finalize();
    return 0;
}
