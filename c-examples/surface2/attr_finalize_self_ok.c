/* RUN: -n 2
 * EXPECT: verified
 * Actions at process termination (MPI 3.1 §8.7.1): MPI_Finalize first
 * frees MPI_COMM_SELF, running the delete callbacks of its attributes in
 * the reverse order they were set, before any other part of MPI is shut
 * down. The program checks,
 * after MPI_Finalize returns, that both callbacks ran, last set first.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int order[2], ran;

static int at_exit(MPI_Comm comm, int keyval, void *value, void *extra) {
    (void)comm; (void)keyval; (void)extra;
    order[ran++] = *(int *)value;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    static int first = 1, second = 2;
    int k1, k2;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_exit, &k1, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_exit, &k2, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, k1, &first);
    MPI_Comm_set_attr(MPI_COMM_SELF, k2, &second);
    MPI_Comm_free_keyval(&k1);
    MPI_Comm_free_keyval(&k2);
    MPI_Finalize();
    assert(ran == 2 && order[0] == 2 && order[1] == 1);
    return 0;
}
