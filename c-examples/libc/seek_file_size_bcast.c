/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 loads the whole input file mesh.txt into memory the usual way: it finds the
 * size with fseek(f, 0, SEEK_END) and ftell (C11 7.21.9.2, 7.21.9.4), goes back with
 * rewind, reads everything with one fread, and broadcasts the size and the text. Every
 * rank then parses its copy with sscanf and checks the sums of the two coordinate rows.
 * The file is read from the working directory when it is opened, as a real run reads it.
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
        if (!f) {
            perror("mesh.txt");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        rewind(f);
        text = malloc(size + 1);
        size_t got = fread(text, 1, size, f);
        assert(got == (size_t)size);
        fclose(f);
    }
    MPI_Bcast(&size, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (rank != 0)
        text = malloc(size + 1);
    MPI_Bcast(text, (int)size, MPI_CHAR, 0, MPI_COMM_WORLD);
    text[size] = '\0';

    int nx, ny, used, at = 0;
    sscanf(text, "%d %d%n", &nx, &ny, &used);
    at += used;
    double sx = 0, sy = 0, v;
    for (int i = 0; i < nx; i++) {
        sscanf(text + at, "%lf%n", &v, &used);
        at += used;
        sx += v;
    }
    for (int j = 0; j < ny; j++) {
        sscanf(text + at, "%lf%n", &v, &used);
        at += used;
        sy += v;
    }
    assert(nx == 4 && ny == 3);
    assert(sx == 8.0 && sy == 6.0);
    free(text);
    MPI_Finalize();
    return 0;
}
