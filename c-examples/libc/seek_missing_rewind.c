/* RUN: -n 2
 * EXPECT: error assertion
 * The same loading of mesh.txt as seek_file_size_bcast.c, but without the rewind after
 * measuring the file: the stream stays at the end, fread returns 0 items (C11 7.21.8.1:
 * it reads nothing at end of file) and the buffer holds no mesh. Under MPICH the program
 * fails the same way on every run.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    long size = 0;
    char *text = NULL;
    if (rank == 0) {
        FILE *f = fopen("mesh.txt", "r");
        if (!f)
            MPI_Abort(MPI_COMM_WORLD, 1);
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        text = calloc(size + 1, 1);
        size_t got = fread(text, 1, size, f);
        assert(got == (size_t)size);
        fclose(f);
    }
    MPI_Bcast(&size, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (rank != 0)
        text = calloc(size + 1, 1);
    MPI_Bcast(text, (int)size, MPI_CHAR, 0, MPI_COMM_WORLD);
    free(text);
    MPI_Finalize();
    return 0;
}
