/* RUN: -n 2
 * EXPECT: error local-race
 * A pending receive of a column (MPI_Type_vector) owns every element of that column,
 * not only its first: rank 0 initializes the ghost column's third row while the receive
 * that fills it is still pending (MPI 3.1 §3.7.2: the receive buffer must not be
 * accessed until the receive completes).
 */
#include <mpi.h>

#define ROWS 4
#define COLS 6

int main(int argc, char **argv) {
    int rank;
    double u[ROWS][COLS] = {{0}};
    MPI_Datatype column;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(ROWS, 1, COLS, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    if (rank == 0) {
        MPI_Irecv(&u[0][COLS - 1], 1, column, 1, 0, MPI_COMM_WORLD, &req);
        u[2][COLS - 1] = -1.0; /* part of the pending receive's type map */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Send(&u[0][0], 1, column, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
