/* RUN: -n 3 -- --steps=4 --cells 6 --check mesh.dat -q
 * EXPECT: verified
 * GNU long options with getopt_long, as solvers read their parameters: "--steps=4"
 * carries its value after '=', "--cells 6" in the next word, "--check" sets a flag
 * variable through the table's flag pointer (getopt_long returns 0 for it), "-q" is a
 * short option beside them, and the file name is permuted after the options. Every rank
 * parses the same argv, so all agree on the step count of the ring exchange without a
 * broadcast; the check asserts the sum that the ring carries around.
 */
#include <assert.h>
#include <getopt.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static int check_sums = 0;

static const struct option options[] = {
    {"steps", required_argument, NULL, 's'},
    {"cells", required_argument, NULL, 'c'},
    {"check", no_argument, &check_sums, 1},
    {"quiet", no_argument, NULL, 'q'},
    {NULL, 0, NULL, 0},
};

int main(int argc, char **argv) {
    int steps = 1, cells = 2, quiet = 0, c, which = -1;
    MPI_Init(&argc, &argv);
    while ((c = getopt_long(argc, argv, "s:c:q", options, &which)) != -1) {
        switch (c) {
        case 's': steps = atoi(optarg); break;
        case 'c': cells = atoi(optarg); break;
        case 'q': quiet = 1; break;
        case 0: break; /* a flag option: check_sums is set */
        default: MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    assert(optind == argc - 1 && strcmp(argv[optind], "mesh.dat") == 0);
    assert(quiet && which == 2);

    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    long carried = 0;
    for (int s = 0; s < steps; s++) {
        long out = carried + (long)cells * rank, in = 0;
        MPI_Sendrecv(&out, 1, MPI_LONG, right, s, &in, 1, MPI_LONG, left, s, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        carried = in;
    }
    if (check_sums) {
        long total = 0;
        MPI_Allreduce(&carried, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        /* each step passes every rank's contribution one hop further: after `steps`
         * steps the carried values sum to steps * cells * (0 + 1 + ... + size-1) */
        assert(total == (long)steps * cells * size * (size - 1) / 2);
    }
    MPI_Finalize();
    return 0;
}
