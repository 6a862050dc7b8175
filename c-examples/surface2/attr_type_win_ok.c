/* RUN: -n 2
 * EXPECT: verified
 * Attributes on datatypes (MPI 3.1 §6.7.4) and windows (§6.7.3):
 * MPI_Type_dup runs the datatype copy callback, MPI_Type_free and
 * MPI_Type_delete_attr the delete callback; attributes may be cached on a
 * predefined datatype too. A window keyval's delete callback runs at
 * MPI_Win_free; MPI_Win_get_attr reads user keyvals beside the predefined
 * MPI_WIN_* ones.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int type_deletes, win_deletes;

static int copy_type(MPI_Datatype old, int keyval, void *extra, void *in,
                     void *out, int *flag) {
    (void)old; (void)keyval; (void)extra;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_type(MPI_Datatype t, int keyval, void *value, void *extra) {
    (void)t; (void)keyval; (void)value; (void)extra;
    type_deletes++;
    return MPI_SUCCESS;
}

static int delete_win(MPI_Win w, int keyval, void *value, void *extra) {
    (void)w; (void)keyval; (void)extra;
    win_deletes += *(int *)value;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    static int tag_value = 5, win_value = 3;
    int tk, wk;
    MPI_Type_create_keyval(copy_type, delete_type, &tk, NULL);
    MPI_Datatype pair, copy;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_set_attr(pair, tk, &tag_value);
    MPI_Type_dup(pair, &copy);
    int flag = 0;
    int *got = NULL;
    MPI_Type_get_attr(copy, tk, &got, &flag);
    assert(flag && *got == 5);
    MPI_Type_delete_attr(copy, tk);
    assert(type_deletes == 1);
    MPI_Type_free(&copy);
    assert(type_deletes == 1);
    MPI_Type_free(&pair);
    assert(type_deletes == 2);
    MPI_Type_set_attr(MPI_INT, tk, &tag_value);
    MPI_Type_get_attr(MPI_INT, tk, &got, &flag);
    assert(flag && got == &tag_value);
    MPI_Type_delete_attr(MPI_INT, tk);
    assert(type_deletes == 3);
    MPI_Type_free_keyval(&tk);

    int buf[4] = {0};
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, delete_win, &wk, NULL);
    MPI_Win_set_attr(win, wk, &win_value);
    int *wv = NULL;
    MPI_Win_get_attr(win, wk, &wv, &flag);
    assert(flag && *wv == 3);
    void *base = NULL;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
    assert(flag && base == buf);
    MPI_Win_free(&win);
    assert(win_deletes == 3);
    MPI_Win_free_keyval(&wk);
    MPI_Finalize();
    return 0;
}
