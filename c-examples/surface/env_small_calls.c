/* RUN: -n 2
 * EXPECT: verified
 * Small environment calls with the values MPI 3.1 defines: the library
 * version string (§8.1.1), MPI_Pcontrol (§14.2.4, no effect), no parent
 * without MPI_Comm_spawn (§10.3.2), MPI_Op_commutative (§5.9.7), memory from
 * MPI_Alloc_mem (§8.2), communicator names (§6.8) and MPI_Status_set_elements
 * (§12.3) read back by MPI_Get_count / MPI_Get_elements.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

static void keep_first(void *in, void *inout, int *len, MPI_Datatype *t) {
    (void)in, (void)inout, (void)len, (void)t;
}

int main(int argc, char **argv) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(version, &len);
    assert(len > 0 && strlen(version) == (size_t)len);
    MPI_Init(&argc, &argv);
    MPI_Pcontrol(1);
    MPI_Comm parent;
    MPI_Comm_get_parent(&parent);
    assert(parent == MPI_COMM_NULL);

    MPI_Op op;
    int commute;
    MPI_Op_create(keep_first, 0, &op);
    MPI_Op_commutative(op, &commute);
    assert(!commute);
    MPI_Op_commutative(MPI_SUM, &commute);
    assert(commute);
    MPI_Op_free(&op);

    int *a;
    MPI_Alloc_mem(4 * sizeof(int), MPI_INFO_NULL, &a);
    for (int i = 0; i < 4; i++) a[i] = i * i;
    assert(a[3] == 9);
    MPI_Free_mem(a);

    char name[MPI_MAX_OBJECT_NAME];
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    assert(strcmp(name, "MPI_COMM_WORLD") == 0 && len == 14);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_name(dup, name, &len);
    assert(len == 0 && name[0] == '\0');
    MPI_Comm_set_name(dup, "halo");
    MPI_Comm_get_name(dup, name, &len);
    assert(strcmp(name, "halo") == 0 && len == 4);
    MPI_Comm_free(&dup);

    MPI_Status st;
    int count;
    MPI_Status_set_elements(&st, MPI_DOUBLE, 3);
    MPI_Get_count(&st, MPI_DOUBLE, &count);
    assert(count == 3);
    MPI_Get_elements(&st, MPI_DOUBLE, &count);
    assert(count == 3);
    MPI_Finalize();
    return 0;
}
