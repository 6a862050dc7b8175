/* RUN: -n 2
 * EXPECT: verified
 * A user error handler that calls MPI itself, as handlers usually do to say what
 * went wrong: MPI_Comm_rank on the communicator it was given, MPI_Error_class and
 * MPI_Error_string on the code (MPI 3.1 §8.3.1, §8.4). The handler runs inside the
 * failed MPI_Send; the calls it makes complete at once and the send then returns the
 * code (the handler returned). The attribute copy callback of a duplicated
 * communicator calls MPI too (MPI_Comm_size, MPI_Comm_get_attr of another keyval,
 * §6.7.2), and the copy gets the value it computes.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int handled_class = -1, handled_rank = -1;
static char handled_text[MPI_MAX_ERROR_STRING];
static int scale_key;

static void explain(MPI_Comm *comm, int *code, ...) {
    int len;
    MPI_Comm_rank(*comm, &handled_rank);
    MPI_Error_class(*code, &handled_class);
    MPI_Error_string(*code, handled_text, &len);
}

static int copy_scaled(MPI_Comm old, int key, void *extra, void *in, void *out, int *flag) {
    int size, found, *scale;
    (void)key;
    (void)extra;
    MPI_Comm_size(old, &size);
    MPI_Comm_get_attr(old, scale_key, &scale, &found);
    *(void **)out = (void *)((MPI_Aint)in * (found ? *scale : 1) + size);
    *flag = 1;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    int rank, size, x = 1, rc, key, found, scale = 10;
    void *value;
    MPI_Errhandler eh;
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Comm_create_errhandler(explain, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    rc = MPI_Send(&x, 1, MPI_INT, size + 1, 0, MPI_COMM_WORLD); /* no such rank */
    assert(rc != MPI_SUCCESS);
    assert(handled_class == MPI_ERR_RANK && handled_rank == rank);
    assert(strlen(handled_text) > 0);
    MPI_Errhandler_free(&eh);

    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &scale_key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, scale_key, &scale);
    MPI_Comm_create_keyval(copy_scaled, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, (void *)(MPI_Aint)3);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_attr(dup, key, &value, &found);
    assert(found && (MPI_Aint)value == 3 * 10 + size);
    if (rank == 0)
        printf("handler saw class %d; copied attribute %ld\n", handled_class, (long)(MPI_Aint)value);

    MPI_Comm_free(&dup);
    MPI_Comm_free_keyval(&key);
    MPI_Comm_free_keyval(&scale_key);
    MPI_Finalize();
    return 0;
}
