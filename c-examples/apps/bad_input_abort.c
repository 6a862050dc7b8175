/* RUN: -n 2
 * EXPECT: error assertion
 * Input validation the way users write it: rank 0 checks the process count against a
 * `const` table of supported decompositions and calls MPI_Abort when it is not listed
 * (2 ranks are not), after printing to stderr. The checker reports the abort.
 */
#include <mpi.h>
#include <stdio.h>

static const int supported[] = {1, 4, 8, 16};

static int is_supported(int n) {
    for (unsigned i = 0; i < sizeof supported / sizeof *supported; i++)
        if (supported[i] == n)
            return 1;
    return 0;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (!is_supported(size)) {
        if (rank == 0)
            fprintf(stderr, "error: %d processes not supported\n", size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
