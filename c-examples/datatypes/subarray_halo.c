/* RUN: -n 2
 * EXPECT: verified
 * Halo exchange on a 4x6 local grid with ghost columns 0 and 5: MPI_Type_create_subarray
 * (MPI 3.1 §4.1.3) describes the boundary column (4x1 at column 1 or 4) and the ghost
 * column (4x1 at column 0 or 5). Each rank sends its inner boundary column to the other
 * and receives it into its ghost column. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int grid[4][6];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 6; j++)
            grid[i][j] = (j == 0 || j == 5) ? -1 : 100 * rank + 10 * i + j;
    int sizes[2] = {4, 6}, subsizes[2] = {4, 1};
    /* Rank 0 owns the left part: it sends column 4 and receives into ghost column 5. */
    int send_start[2] = {0, rank == 0 ? 4 : 1};
    int recv_start[2] = {0, rank == 0 ? 5 : 0};
    MPI_Datatype send_col, recv_col;
    MPI_Type_create_subarray(2, sizes, subsizes, send_start, MPI_ORDER_C, MPI_INT, &send_col);
    MPI_Type_create_subarray(2, sizes, subsizes, recv_start, MPI_ORDER_C, MPI_INT, &recv_col);
    MPI_Type_commit(&send_col);
    MPI_Type_commit(&recv_col);
    int peer = 1 - rank;
    MPI_Sendrecv(grid, 1, send_col, peer, 0, grid, 1, recv_col, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    int ghost = rank == 0 ? 5 : 0, their = rank == 0 ? 1 : 4;
    for (int i = 0; i < 4; i++)
        assert(grid[i][ghost] == 100 * peer + 10 * i + their);
    MPI_Type_free(&send_col);
    MPI_Type_free(&recv_col);
    MPI_Finalize();
    return 0;
}
