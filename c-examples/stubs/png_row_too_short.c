/* RUN: -n 2
 * EXTRACT: --stub png
 * EXPECT: error memory-error
 * Rank 0 writes the gathered image as an RGB PNG but allocates each row
 * for one byte per pixel: png_write_row reads width * 3 bytes of the row
 * (libpng reads the row size the IHDR describes), past the end of the
 * block. With the bundled libpng stub (--stub png) the check sees the
 * read inside png_write_row and reports it as the out-of-bounds access it
 * is (C11 §6.5.6p8).
 */
#include <mpi.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

#define W 4

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    unsigned char mine[W], *image = NULL;
    for (int x = 0; x < W; x++)
        mine[x] = (unsigned char)(rank * 64 + x);
    if (rank == 0)
        image = malloc((size_t)W * size);
    MPI_Gather(mine, W, MPI_UNSIGNED_CHAR, image, W, MPI_UNSIGNED_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *fp = fopen("image.png", "wb");
        png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
        png_infop info = png_create_info_struct(png);
        if (setjmp(png_jmpbuf(png)))
            MPI_Abort(MPI_COMM_WORLD, 1);
        png_init_io(png, fp);
        png_set_IHDR(png, info, W, size, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        unsigned char *row = malloc(W); /* RGB needs 3 * W bytes */
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < W; x++)
                row[x] = image[y * W + x];
            png_write_row(png, row);
        }
        png_write_end(png, info);
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        free(row);
        free(image);
    }
    MPI_Finalize();
    return 0;
}
