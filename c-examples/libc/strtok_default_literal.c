/* RUN: -n 2
 * EXPECT: error memory-error
 * The process grid comes from argv[1] ("4x2"), with a default when none is given; the
 * default is a string literal, and strtok writes a NUL at the end of each token it
 * returns. Run with an argument, the program works (strtok cuts argv's own string); run
 * without one, as here, strtok writes into constant memory (a segmentation fault in a
 * real run), at line 20. The fix: copy the default into an array (char spec[] = "2x1").
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, size, dims[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char *spec = argc > 1 ? argv[1] : "2x1";
    char *tok = strtok(spec, "x");
    for (int d = 0; d < 2 && tok != NULL; d++) {
        dims[d] = atoi(tok);
        tok = strtok(NULL, "x");
    }
    if (dims[0] * dims[1] != size) {
        if (rank == 0)
            fprintf(stderr, "grid %dx%d does not match %d ranks\n", dims[0], dims[1], size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm cart;
    int periods[2] = {0, 0};
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
