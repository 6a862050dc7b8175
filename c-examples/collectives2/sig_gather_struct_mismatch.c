/* RUN: -n 2
 * EXPECT: error type-mismatch
 * Rank 1 sends one {int, float} struct element to the gather; the root receives 2 MPI_INT
 * per rank. Same 8 bytes, but element 1 is a FLOAT on one side and an INT on the other
 * (MPI 3.1 §5.5: the send signature must equal the receive signature at the root).
 */
#include <mpi.h>

struct item {
    int id;
    float w;
};

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 4};
    MPI_Datatype types[2] = {MPI_INT, MPI_FLOAT}, itemtype;
    MPI_Type_create_struct(2, bl, disp, types, &itemtype);
    MPI_Type_commit(&itemtype);
    struct item mine = {rank, 0.5f};
    int all[4];
    if (rank == 0)
        MPI_Gather(&mine, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    else
        MPI_Gather(&mine, 1, itemtype, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Type_free(&itemtype);
    MPI_Finalize();
    return 0;
}
