/* RUN: -n 2 -- mesh.dat -n 3 -vo ring.log
 * EXPECT: verified
 * Command-line options with getopt, the way MPI programs read them: every rank parses
 * the same argv (mpiexec gives each the same command line) with "n:vo:", so they agree
 * on the number of token-ring rounds without a broadcast. Here "-n 3" takes its argument
 * from the next word, "-vo ring.log" groups -v with -o, whose argument follows, and the
 * input file given first is moved after the options, as glibc's getopt does by default
 * (it permutes argv): after the loop, argv[optind] is "mesh.dat".
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int rank, size, rounds = 1, verbose = 0, opt;
    const char *log = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    while ((opt = getopt(argc, argv, "n:vo:")) != -1) {
        switch (opt) {
        case 'n':
            rounds = atoi(optarg);
            break;
        case 'v':
            verbose = 1;
            break;
        case 'o':
            log = optarg;
            break;
        default:
            if (rank == 0)
                fprintf(stderr, "usage: %s [-n rounds] [-v] [-o log] input\n", argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    if (optind != argc - 1) {
        if (rank == 0)
            fprintf(stderr, "expected one input file\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    const char *input = argv[optind];
    assert(rounds == 3 && verbose && strcmp(log, "ring.log") == 0);
    assert(strcmp(input, "mesh.dat") == 0 && strcmp(argv[1], "-n") == 0);

    int token = 0;
    for (int r = 0; r < rounds; r++) {
        if (rank == 0) {
            token++;
            MPI_Send(&token, 1, MPI_INT, 1 % size, 0, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
        }
    }
    if (rank == 0 && verbose)
        printf("%s: %d rounds, token %d, log %s\n", input, rounds, token, log);
    MPI_Finalize();
    return 0;
}
