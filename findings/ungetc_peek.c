/* Reproducer: ungetc is not modeled (mpi-extract warns "unsupported call
 * to ungetc"; the check is inconclusive where it runs). Parsers peek at the
 * next character with getc/ungetc.
 *
 *   mpi-check ungetc_peek.c -n 2     (reads grid_comment.txt)
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
        int c;
        while ((c = getc(f)) == '#')
            while ((c = getc(f)) != '\n' && c != EOF)
                ;
        ungetc(c, f);
        int got = fscanf(f, "%d %d", &dims[0], &dims[1]);
        assert(got == 2);
        fclose(f);
    }
    MPI_Bcast(dims, 2, MPI_INT, 0, MPI_COMM_WORLD);
    assert(dims[0] == 16 && dims[1] == 8);
    MPI_Finalize();
    return 0;
}
