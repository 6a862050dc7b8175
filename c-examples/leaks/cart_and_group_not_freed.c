/* RUN: -n 4
 * EXPECT: error resource-leak
 * A 2x2 grid: the Cartesian communicator, its row communicator (MPI_Cart_sub) and the group of
 * the row are never freed, while the group of MPI_COMM_WORLD is. One report lists the three
 * leaked objects of rank 0, each with the line that made it (MPI 3.1 §6.3.3, §6.4.3, §8.7).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int dims[2] = {2, 2}, periods[2] = {0, 0}, keep[2] = {0, 1}, sum = 0, one = 1;
    MPI_Comm grid, row;
    MPI_Group world_group, row_group;
    MPI_Init(&argc, &argv);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Cart_sub(grid, keep, &row);
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, row);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Comm_group(row, &row_group);
    MPI_Group_free(&world_group);
    MPI_Finalize();
    return 0;
}
