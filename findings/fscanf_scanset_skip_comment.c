/* Reproducer: fscanf's scanset conversion, as used to skip a comment line
 * of an input file (`fscanf(f, "%*[^\n]")`), is not modeled; the check
 * stops inconclusive where it runs. The message also says "sscanf" for an
 * fscanf call.
 *
 *   mpi-check fscanf_scanset_skip_comment.c -n 2     (reads grid_comment.txt)
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, dims[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        FILE *f = fopen("grid_comment.txt", "r");
        assert(f != NULL);
        if (fscanf(f, "#%*[^\n]") < 0) /* skip the comment line */
            return 1;
        int got = fscanf(f, "%d %d", &dims[0], &dims[1]);
        assert(got == 2);
        fclose(f);
    }
    MPI_Bcast(dims, 2, MPI_INT, 0, MPI_COMM_WORLD);
    assert(dims[0] == 16 && dims[1] == 8);
    MPI_Finalize();
    return 0;
}
