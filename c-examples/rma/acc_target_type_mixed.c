/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 accumulates into a target described by a struct of an int and a double.
 * The target datatype of an accumulate must be built from a single predefined type,
 * the one the operation combines (MPI 3.1 §11.3.4).
 */
#include <mpi.h>

struct cell {
    int count;
    double weight;
};

int main(int argc, char **argv) {
    int rank;
    struct cell c = {0, 0.0}, add = {1, 0.5};
    MPI_Win win;
    MPI_Datatype cell_type;
    int lens[2] = {1, 1};
    MPI_Aint disps[2] = {0, sizeof(double)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_struct(2, lens, disps, types, &cell_type);
    MPI_Type_commit(&cell_type);
    MPI_Win_create(&c, sizeof c, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Accumulate(&add, 1, cell_type, 1, 0, 1, cell_type, MPI_SUM, win); /* BUG */
    MPI_Win_fence(0, win);
    MPI_Type_free(&cell_type);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
