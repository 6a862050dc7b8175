/* RUN: -n 1
 * EXPECT: verified
 * Decoding datatypes (MPI 3.1 §4.1.13) and naming them (§6.8). The program builds a
 * struct of an int and a vector of contiguous doubles, then asks MPI how each type was
 * made: MPI_Type_get_envelope gives the combiner and the sizes of the argument arrays,
 * MPI_Type_get_contents the arguments themselves. Predefined types come back as
 * themselves; derived ones as new handles the program frees (§4.1.13). A name set with
 * MPI_Type_set_name is read back; a predefined type has its own name, a derived one an
 * empty name until it is given one.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Datatype pair, vec, rec, types[2], inner[1];
    int ni, na, nd, combiner, ints[8], len;
    MPI_Aint addrs[4];
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 8};
    char name[MPI_MAX_OBJECT_NAME];

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_vector(3, 1, 2, pair, &vec);
    types[0] = MPI_INT;
    types[1] = vec;
    MPI_Type_create_struct(2, bl, disp, types, &rec);
    MPI_Type_commit(&rec);

    MPI_Type_get_envelope(MPI_INT, &ni, &na, &nd, &combiner);
    assert(combiner == MPI_COMBINER_NAMED && ni == 0 && na == 0 && nd == 0);

    MPI_Type_get_envelope(rec, &ni, &na, &nd, &combiner);
    assert(combiner == MPI_COMBINER_STRUCT && ni == 3 && na == 2 && nd == 2);
    MPI_Type_get_contents(rec, 8, 4, 2, ints, addrs, types);
    assert(ints[0] == 2 && ints[1] == 1 && ints[2] == 1);
    assert(addrs[0] == 0 && addrs[1] == 8);
    assert(types[0] == MPI_INT);

    /* types[1] is a new handle for a type equivalent to vec. */
    MPI_Type_get_envelope(types[1], &ni, &na, &nd, &combiner);
    assert(combiner == MPI_COMBINER_VECTOR && ni == 3 && na == 0 && nd == 1);
    MPI_Type_get_contents(types[1], 3, 0, 1, ints, addrs, inner);
    assert(ints[0] == 3 && ints[1] == 1 && ints[2] == 2);
    MPI_Type_get_envelope(inner[0], &ni, &na, &nd, &combiner);
    assert(combiner == MPI_COMBINER_CONTIGUOUS && ni == 1 && nd == 1);
    MPI_Type_free(&inner[0]);
    MPI_Type_free(&types[1]);

    MPI_Type_get_name(MPI_DOUBLE, name, &len);
    assert(strcmp(name, "MPI_DOUBLE") == 0 && len == 10);
    MPI_Type_get_name(rec, name, &len);
    assert(len == 0 && name[0] == '\0');
    MPI_Type_set_name(rec, "record");
    MPI_Type_get_name(rec, name, &len);
    assert(strcmp(name, "record") == 0 && len == 6);

    MPI_Type_free(&rec);
    MPI_Type_free(&vec);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
