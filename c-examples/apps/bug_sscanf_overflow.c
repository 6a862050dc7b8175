/* RUN: -n 2 -- --output=results_of_the_long_run.dat
 * EXPECT: error memory-error
 * A user bug: rank 0 copies the output file name from the command line with
 * sscanf("%s") into a 16-byte buffer without a field width; the name given is longer,
 * so sscanf writes past the end of the buffer.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank;
    char outname[16] = "out.dat";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && argc > 1 && strncmp(argv[1], "--output=", 9) == 0)
        sscanf(argv[1] + 9, "%s", outname);
    int len = (int)strlen(outname);
    MPI_Bcast(&len, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(outname, len + 1, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("writing to %s\n", outname);
    MPI_Finalize();
    return 0;
}
