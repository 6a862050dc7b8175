/* RUN: -n 2
 * EXPECT: error assertion
 * A window attribute delete callback reads a global that only main
 * writes: MPI_Win_free runs it (MPI 3.1 §6.7.3), so the store
 * `epochs_open = 1` matters although main never reads it. The callback's
 * assertion fails on every rank.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int epochs_open;

static int on_free(MPI_Win win, int keyval, void *value, void *extra) {
    (void)win; (void)keyval; (void)value; (void)extra;
    assert(epochs_open == 0); /* BUG: main set it */
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int buf[2] = {0, 0};
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int kv;
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, on_free, &kv, NULL);
    static int state;
    MPI_Win_set_attr(win, kv, &state);
    epochs_open = 1;
    MPI_Win_free(&win);
    MPI_Win_free_keyval(&kv);
    MPI_Finalize();
    return 0;
}
