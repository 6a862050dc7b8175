/* RUN: -n 3
 * EXTRACT: --stub png
 * EXPECT: verified
 * libpng's error handling: rank 0 describes an image of the rows it
 * gathered from the other ranks, but the ranks have none to send on the
 * first step, so the height is 0 and png_set_IHDR fails. libpng reports it
 * with png_error, which longjmps to the program's setjmp(png_jmpbuf(png))
 * (C11 §7.13: setjmp returns again, nonzero), where the program cleans up
 * and skips that snapshot; the next one is written. Every rank takes part
 * in every collective whatever happens on rank 0 (MPI 3.1 §5.1), so the
 * program is correct: the bundled stub (--stub png) and the model of
 * setjmp/longjmp make the check conclusive.
 */
#include <mpi.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

static int snapshot(const unsigned char *rows, int width, int height) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    FILE *fp = fopen("snapshot.png", "wb");
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return -1;
    }
    png_init_io(png, fp);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++)
        png_write_row(png, (png_const_bytep)&rows[y * width]);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    fclose(fp);
    return 0;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    unsigned char row[2] = {(unsigned char)rank, (unsigned char)(rank + 1)};
    unsigned char gathered[2 * 8];
    int written = 0;
    for (int step = 0; step < 2; step++) {
        int have = step > 0 && rank > 0; /* nothing computed on step 0 */
        int counts[8], displs[8];
        int mine = have ? 2 : 0;
        MPI_Gather(&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
        int total = 0;
        if (rank == 0)
            for (int r = 0; r < size; r++) {
                displs[r] = total;
                total += counts[r];
            }
        MPI_Gatherv(row, mine, MPI_UNSIGNED_CHAR, gathered, counts, displs, MPI_UNSIGNED_CHAR, 0,
                    MPI_COMM_WORLD);
        if (rank == 0) {
            if (snapshot(gathered, 2, total / 2) == 0)
                written++;
            else
                fprintf(stderr, "step %d: no snapshot\n", step);
        }
    }
    MPI_Bcast(&written, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (written != 1)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Finalize();
    return 0;
}
