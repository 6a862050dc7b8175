/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 reads the grid size from a configuration file (a comment line, then two
 * numbers) with fopen, fgets and fscanf, relative to the working directory as a real
 * run would, and the ranks split the rows between them. The file is read by the
 * checker when the program opens it.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size, dims[2] = {0, 0};
    char line[64];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        FILE *f = fopen("grid.conf", "r");
        if (!f)
            MPI_Abort(MPI_COMM_WORLD, 2);
        if (!fgets(line, sizeof line, f) || line[0] != '#')
            MPI_Abort(MPI_COMM_WORLD, 3);
        if (fscanf(f, "%d %d", &dims[0], &dims[1]) != 2)
            MPI_Abort(MPI_COMM_WORLD, 4);
        fclose(f);
    }
    MPI_Bcast(dims, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int rows = dims[0] / size + (rank < dims[0] % size);
    int total = 0;
    MPI_Allreduce(&rows, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == dims[0] && dims[1] == 4);
    MPI_Finalize();
    return 0;
}
