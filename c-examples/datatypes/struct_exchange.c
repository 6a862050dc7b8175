/* RUN: -n 2
 * EXPECT: verified
 * A struct { int id; double value; } described with MPI_Type_create_struct (offsets from
 * offsetof, MPI 3.1 §4.1.2) and exchanged both ways with MPI_Sendrecv, two items at a time;
 * the padding between the fields is not transferred. Deterministic: one execution.
 */
#include <assert.h>
#include <stddef.h>
#include <mpi.h>

struct item {
    int id;
    double value;
};

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int lens[2] = {1, 1};
    MPI_Aint displs[2] = {offsetof(struct item, id), offsetof(struct item, value)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Datatype item_type;
    MPI_Type_create_struct(2, lens, displs, types, &item_type);
    MPI_Type_commit(&item_type);
    MPI_Aint lb, extent;
    MPI_Type_get_extent(item_type, &lb, &extent);
    assert(extent == sizeof(struct item));
    struct item out[2], in[2];
    for (int i = 0; i < 2; i++) {
        out[i].id = 100 * rank + i;
        out[i].value = rank + 0.5 * i;
    }
    int peer = 1 - rank;
    MPI_Sendrecv(out, 2, item_type, peer, 0, in, 2, item_type, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    for (int i = 0; i < 2; i++) {
        assert(in[i].id == 100 * peer + i);
        assert(in[i].value == peer + 0.5 * i);
    }
    MPI_Type_free(&item_type);
    MPI_Finalize();
    return 0;
}
