/* RUN: -n 2
 * EXPECT: verified
 * The MINLOC/MAXLOC pair types are structs of two basic types (MPI 3.1 §5.9.4: MPI_DOUBLE_INT
 * is "as if" built by MPI_TYPE_CREATE_STRUCT from MPI_DOUBLE and MPI_INT). Their size is the
 * data's, without the C struct's padding (§4.1.5): 12 for MPI_DOUBLE_INT and MPI_LONG_INT,
 * 6 for MPI_SHORT_INT, 20 for MPI_LONG_DOUBLE_INT, while the extent is the struct's (16, 8,
 * 32). A message of MPI_DOUBLE_INT matches a receive of the equivalent user struct (§3.3.1),
 * MPI_Get_count counts pairs and MPI_Get_elements two basic elements per pair (§4.1.11);
 * MPI_SHORT_INT data lands beside its padding, and MINLOC still reduces the pairs.
 */
#include <assert.h>
#include <mpi.h>

struct di { double v; int i; };
struct si { short v; int i; };

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Aint lb, extent;
    MPI_Type_size(MPI_DOUBLE_INT, &size);
    MPI_Type_get_extent(MPI_DOUBLE_INT, &lb, &extent);
    assert(size == 12 && lb == 0 && extent == sizeof(struct di));
    MPI_Type_size(MPI_LONG_INT, &size);
    assert(size == 12);
    MPI_Type_size(MPI_SHORT_INT, &size);
    MPI_Type_get_extent(MPI_SHORT_INT, &lb, &extent);
    assert(size == 6 && extent == sizeof(struct si));
    MPI_Type_size(MPI_LONG_DOUBLE_INT, &size);
    MPI_Type_get_extent(MPI_LONG_DOUBLE_INT, &lb, &extent);
    assert(size == 20 && extent == 32);
    MPI_Type_size(MPI_FLOAT_INT, &size);
    assert(size == 8);

    /* The user struct with the same type map as MPI_DOUBLE_INT. */
    int blocks[2] = {1, 1};
    MPI_Aint displs[2] = {0, 8};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT}, pair;
    MPI_Type_create_struct(2, blocks, displs, types, &pair);
    MPI_Type_commit(&pair);

    if (rank == 0) {
        struct di out[3] = {{1.5, 10}, {2.5, 20}, {3.5, 30}};
        struct si sout[2] = {{7, 70}, {8, 80}};
        MPI_Send(out, 3, MPI_DOUBLE_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(sout, 2, MPI_SHORT_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        struct di in[3];
        struct si sin[2];
        MPI_Status st;
        int count, elements;
        MPI_Recv(in, 3, pair, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE_INT, &count);
        MPI_Get_elements(&st, MPI_DOUBLE_INT, &elements);
        assert(count == 3 && elements == 6);
        assert(in[1].v == 2.5 && in[1].i == 20 && in[2].i == 30);
        MPI_Recv(sin, 2, MPI_SHORT_INT, 0, 1, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_SHORT_INT, &count);
        MPI_Get_count(&st, MPI_BYTE, &size);
        assert(count == 2 && size == 12);
        assert(sin[1].v == 8 && sin[1].i == 80);
    }

    struct di mine = {rank == 0 ? 4.0 : 3.0, rank}, best;
    MPI_Allreduce(&mine, &best, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    assert(best.v == 3.0 && best.i == 1);

    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
