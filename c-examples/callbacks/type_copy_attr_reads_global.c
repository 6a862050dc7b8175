/* RUN: -n 2
 * EXPECT: error assertion
 * A datatype attribute copy callback reads a global that only main
 * writes: MPI_Type_dup runs it (MPI 3.1 §6.7.4), so the store `scale = 3`
 * matters although main never reads `scale`. The copy caches a scaled
 * value, and the assertion that expects the original fails on every rank.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

static intptr_t scale = 1;

static int scaled_copy(MPI_Datatype old, int keyval, void *extra, void *in,
                       void *out, int *flag) {
    (void)old; (void)keyval; (void)extra;
    *(intptr_t *)out = (intptr_t)in * scale;
    *flag = 1;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    scale = 3;
    int kv;
    MPI_Type_create_keyval(scaled_copy, MPI_TYPE_NULL_DELETE_FN, &kv, NULL);
    MPI_Datatype pair, copy;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_set_attr(pair, kv, (void *)(intptr_t)4);
    MPI_Type_dup(pair, &copy);
    intptr_t got = 0;
    int flag = 0;
    MPI_Type_get_attr(copy, kv, &got, &flag);
    assert(flag && got == 4); /* BUG: the copy callback scaled it */
    MPI_Type_free(&copy);
    MPI_Type_free(&pair);
    MPI_Type_free_keyval(&kv);
    MPI_Finalize();
    return 0;
}
