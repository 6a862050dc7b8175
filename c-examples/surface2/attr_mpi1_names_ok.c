/* RUN: -n 2
 * EXPECT: verified
 * The MPI-1 attribute calls, deprecated since MPI 2.0 and still part of
 * MPI 3.1 (§15.1): MPI_Keyval_create with MPI_DUP_FN and
 * MPI_NULL_DELETE_FN, MPI_Attr_put, MPI_Attr_get, MPI_Attr_delete and
 * MPI_Keyval_free behave as their MPI_Comm_* replacements.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int key;
    MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, &key, NULL);
    static int value[2];
    value[0] = 40 + rank;
    MPI_Attr_put(MPI_COMM_WORLD, key, &value[0]);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int *got = NULL, flag = 0;
    MPI_Attr_get(dup, key, &got, &flag);
    assert(flag && got == &value[0] && *got == 40 + rank);
    MPI_Attr_delete(dup, key);
    MPI_Attr_get(dup, key, &got, &flag);
    assert(!flag);
    int *ub = NULL;
    MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
    assert(flag && *ub >= 32767);
    MPI_Comm_free(&dup);
    MPI_Attr_delete(MPI_COMM_WORLD, key);
    MPI_Keyval_free(&key);
    MPI_Finalize();
    return 0;
}
