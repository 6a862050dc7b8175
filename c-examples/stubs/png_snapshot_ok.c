/* RUN: -n 3
 * EXTRACT: --stub png
 * EXPECT: verified
 * A heat-equation-like program that gathers its field on rank 0 every few
 * steps and writes it as a PNG snapshot with libpng's writing API
 * (png_create_write_struct, setjmp(png_jmpbuf(png)), png_init_io,
 * png_set_IHDR, png_write_info, png_write_row, png_write_end,
 * png_destroy_write_struct). libpng has no source here: the bundled stub
 * (--stub png) defines the API, reading every row as libpng does, so the
 * check is conclusive. The halo exchange uses MPI_Sendrecv (MPI 3.1
 * §3.10), the snapshot MPI_Gather (§5.5).
 */
#include <mpi.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 4
#define STEPS 4

static int write_png(const char *name, const double *field, int width, int height) {
    FILE *fp = fopen(name, "wb");
    if (fp == NULL)
        return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    png_bytep row = png_malloc(png, (png_size_t)width);
    if (setjmp(png_jmpbuf(png))) {
        png_free(png, row);
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return 1;
    }
    png_init_io(png, fp);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++)
            row[x] = (png_byte)(field[y * width + x] * 255.0);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_free(png, row);
    png_destroy_write_struct(&png, &info);
    fclose(fp);
    return 0;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double u[NX + 2] = {0}, next[NX + 2];
    if (rank == 0)
        u[1] = 1.0;
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double *all = rank == 0 ? malloc(sizeof(double) * NX * size) : NULL;
    for (int step = 1; step <= STEPS; step++) {
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[NX + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[NX], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 1; i <= NX; i++)
            next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
        for (int i = 1; i <= NX; i++)
            u[i] = next[i];
        if (step % 2 == 0) {
            MPI_Gather(&u[1], NX, MPI_DOUBLE, all, NX, MPI_DOUBLE, 0, MPI_COMM_WORLD);
            if (rank == 0) {
                char name[32];
                snprintf(name, sizeof name, "heat_%d.png", step);
                if (write_png(name, all, NX, size) != 0)
                    MPI_Abort(MPI_COMM_WORLD, 1);
            }
        }
    }
    free(all);
    MPI_Finalize();
    return 0;
}
