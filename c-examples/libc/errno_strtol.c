/* RUN: -n 2 -- 250
 * EXPECT: verified
 * The C idiom for a checked strtol: rank 0 parses the step count from argv[1] with
 * errno set to 0 before the call (it may hold a stale value, here EINVAL) and read back
 * after it, ERANGE meaning out of range, and the end pointer catching trailing garbage;
 * a bad value aborts, a good one is broadcast and the ranks split the steps, which
 * MPI_Reduce adds back up on rank 0. errno is a variable of each process that starts at
 * 0: rank 1, which never writes it, reads 0. An out-of-range argument gives LONG_MAX
 * with errno ERANGE, as glibc's strtol does (strtol_erange.c).
 */
#include <assert.h>
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static long parse_steps(const char *text) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno == ERANGE || end == text || *end != '\0' || v <= 0) {
        fprintf(stderr, "bad step count '%s'\n", text);
        return -1;
    }
    return v;
}

int main(int argc, char **argv) {
    int rank, size;
    long steps = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        errno = EINVAL; /* a stale value the parser must clear */
        steps = parse_steps(argc > 1 ? argv[1] : "100");
        if (steps < 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        assert(errno == 0);
    }
    MPI_Bcast(&steps, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    assert(errno == 0);

    long mine = steps / size + (rank < steps % size ? 1 : 0);
    long total;
    MPI_Reduce(&mine, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("%ld steps on %d ranks\n", total, size);
        assert(total == steps);
    }
    MPI_Finalize();
    return 0;
}
