/* RUN: -n 3
 * EXPECT: verified
 * A user operation over a struct datatype {double value; int owner;} with padding (MPI 3.1
 * §4.1.2, §5.9.5): a max-location that keeps the lower owner on ties. The operator sees
 * the elements laid out as in C, padding included.
 */
#include <assert.h>
#include <stddef.h>
#include <mpi.h>

struct vi {
    double value;
    int owner;
};

static void maxloc(void *in, void *inout, int *len, MPI_Datatype *dt) {
    struct vi *a = (struct vi *)in, *b = (struct vi *)inout;
    (void)dt;
    for (int i = 0; i < *len; i++) {
        if (a[i].value > b[i].value || (a[i].value == b[i].value && a[i].owner < b[i].owner))
            b[i] = a[i];
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {offsetof(struct vi, value), offsetof(struct vi, owner)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT}, vitype;
    MPI_Type_create_struct(2, bl, disp, types, &vitype);
    MPI_Type_commit(&vitype);
    MPI_Op op;
    MPI_Op_create(maxloc, 1, &op);
    /* Two elements per rank: values {3, 7, 7} and {5, 1, 2}. */
    double first[3] = {3, 7, 7}, second[3] = {5, 1, 2};
    struct vi mine[2] = {{first[rank], rank}, {second[rank], rank}};
    struct vi best[2];
    MPI_Allreduce(mine, best, 2, vitype, op, MPI_COMM_WORLD);
    assert(best[0].value == 7 && best[0].owner == 1);
    assert(best[1].value == 5 && best[1].owner == 0);
    MPI_Op_free(&op);
    MPI_Type_free(&vitype);
    MPI_Finalize();
    return 0;
}
