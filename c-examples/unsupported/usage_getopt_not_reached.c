/* RUN: -n 2
 * EXPECT: verified
 * Options parsed with getopt_long (not modeled; getopt is) only when arguments
 * are given: the check runs without arguments, so getopt_long never runs and
 * the program is verified. mpi-extract still warns about line 22: checked with
 * arguments (`mpi-check -n 2 -- --rounds 3`) it would be inconclusive there.
 */
#include <getopt.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size, rounds = 2, opt;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1) {
        /* Usage: prog [--rounds N] */
        static const struct option longopts[] = {{"rounds", required_argument, NULL, 'n'},
                                                  {NULL, 0, NULL, 0}};
        while ((opt = getopt_long(argc, argv, "n:", longopts, NULL)) != -1) {
            if (opt == 'n')
                rounds = atoi(optarg);
        }
    }
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
    MPI_Finalize();
    return 0;
}
