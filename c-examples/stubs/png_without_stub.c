/* RUN: -n 2
 * EXPECT: inconclusive
 * A program that writes a PNG with libpng, checked without its source:
 * png_create_write_struct has no body in the program and no model in the
 * checker, so the check stops at the first call that runs, naming the
 * function and its line and saying how to go on (--stub png, the bundled
 * libpng stub, as in png_snapshot_ok.c; or --assume-no-effect). It never
 * says verified: what the library does is unknown.
 */
#include <mpi.h>
#include <png.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = rank + 1, sum = 0;
    MPI_Reduce(&value, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
        png_infop info = png_create_info_struct(png);
        png_destroy_write_struct(&png, &info);
        printf("sum %d\n", sum);
    }
    MPI_Finalize();
    return 0;
}
