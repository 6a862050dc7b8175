/* RUN: -n 2
 * EXPECT: verified
 * A program that makes and destroys a libpng write structure, checked
 * without libpng's source: the functions have no body in the program and
 * no model in the checker. Nothing they return or write reaches an MPI
 * call, an assertion, a crash or the exit status (the structures are only
 * handed back to libpng), so the slicer drops the three calls, and the
 * verdict says what that assumes: "verified (np = 2), assuming:
 * png_create_write_struct, ... return", with each call's line in every
 * report. A call whose result mattered would stop the check there,
 * inconclusive, naming it and the ways on (--stub png, the bundled libpng
 * stub, as in png_snapshot_ok.c; or --assume-no-effect).
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
