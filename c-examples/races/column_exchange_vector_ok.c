/* RUN: -n 2
 * EXPECT: verified
 * The column exchange of a 2-D stencil: each rank sends its last interior column and
 * receives its neighbour's into its ghost column, both described by one MPI_Type_vector
 * (one element per row, a row apart). The two pending operations touch interleaved but
 * disjoint bytes: only the elements of each type map are owned by its request (MPI 3.1
 * §3.7.2, §4.1), and the rank updates the interior meanwhile.
 */
#include <mpi.h>

#define ROWS 4
#define COLS 6

int main(int argc, char **argv) {
    int rank;
    double u[ROWS][COLS];
    MPI_Datatype column;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            u[i][j] = rank * 100 + i * 10 + j;
    MPI_Type_vector(ROWS, 1, COLS, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    int peer = 1 - rank;
    /* send column COLS-2, receive into the ghost column COLS-1 */
    MPI_Isend(&u[0][COLS - 2], 1, column, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(&u[0][COLS - 1], 1, column, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    for (int i = 0; i < ROWS; i++)
        u[i][1] = u[i][0] + 1; /* interior work: columns 0 and 1 are the rank's own */
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Type_free(&column);
    MPI_Finalize();
    return u[0][COLS - 1] == peer * 100 + COLS - 2 ? 0 : 1;
}
