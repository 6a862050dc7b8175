/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A derived datatype used for communication without MPI_Type_commit (MPI 3.1 §4.1.9).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    int v[2] = {rank, rank};
    if (rank == 0)
        MPI_Send(v, 1, pair, 1, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(v, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
