/* RUN: -n 2 -- -n -o blocks.log
 * EXPECT: error memory-error
 * The user forgot the value of -n. getopt does not report it missing: an option's
 * argument is the next word whatever it looks like, so -n takes "-o" (and "blocks.log"
 * becomes an operand). atoi("-o") is 0 and the block size, total / nblocks, divides by
 * zero (SIGFPE in a real run) on every rank, at line 45. Only "-n" last on the command
 * line makes getopt return '?' (or ':' with a leading ':' in the option string, as here)
 * for the missing argument; a value must be validated before it is used.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define TOTAL 4096

int main(int argc, char **argv) {
    int rank, size, nblocks = 8, opt;
    const char *log = "blocks.out";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    while ((opt = getopt(argc, argv, ":n:o:")) != -1) {
        switch (opt) {
        case 'n':
            nblocks = atoi(optarg);
            break;
        case 'o':
            log = optarg;
            break;
        case ':':
            if (rank == 0)
                fprintf(stderr, "option -%c needs a value\n", optopt);
            MPI_Abort(MPI_COMM_WORLD, 1);
            break;
        default:
            if (rank == 0)
                fprintf(stderr, "unknown option -%c\n", optopt);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    if (rank == 0)
        printf("%d blocks, log %s, %d operand(s)\n", nblocks, log, argc - optind);

    int block = TOTAL / nblocks;
    long mine = 0, total;
    for (int b = rank; b < nblocks; b += size)
        mine += block;
    MPI_Reduce(&mine, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && total != TOTAL)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Finalize();
    return 0;
}
