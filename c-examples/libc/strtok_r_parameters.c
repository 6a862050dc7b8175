/* RUN: -n 2 -- NX=64,ny=32;Iters=3
 * EXPECT: verified
 * Run parameters given as one "key=value" list, as job scripts pass them: rank 0 bounds
 * argv[1] with strnlen and copies it with strndup, splits it on ',' and ';' with strtok_r,
 * finds each key with strcspn and its value after strspn skips blanks, matches keys
 * case-insensitively with strcasecmp/strncasecmp, and uses strpbrk to reject values
 * with stray characters. The parameters are broadcast and every rank
 * runs the iterations. strtok_r writes its NULs into the copy, never into argv.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_MAX 8
#define LIST_MAX 256

struct params {
    int nx, ny, iters;
};

static int set_param(struct params *p, char *pair) {
    size_t klen = strcspn(pair, "=");
    if (pair[klen] != '=' || klen > KEY_MAX)
        return -1;
    pair[klen] = '\0';
    char *value = pair + klen + 1;
    value += strspn(value, " \t");
    if (*value == '\0' || strpbrk(value, "+-.eE") != NULL)
        return -1;
    int v = atoi(value);
    if (strcasecmp(pair, "nx") == 0)
        p->nx = v;
    else if (strcasecmp(pair, "ny") == 0)
        p->ny = v;
    else if (strncasecmp(pair, "iter", 4) == 0)
        p->iters = v;
    else
        return -1;
    return 0;
}

int main(int argc, char **argv) {
    int rank, size;
    struct params p = {16, 16, 1};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0 && argc > 1) {
        if (strnlen(argv[1], LIST_MAX) == LIST_MAX) {
            fprintf(stderr, "parameter list too long\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        char *copy = strndup(argv[1], LIST_MAX), *save = NULL;
        for (char *tok = strtok_r(copy, ",;", &save); tok; tok = strtok_r(NULL, ",;", &save))
            if (set_param(&p, tok) != 0) {
                fprintf(stderr, "bad parameter '%s'\n", tok);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
        free(copy);
        assert(strcmp(argv[1], "NX=64,ny=32;Iters=3") == 0);
    }
    MPI_Bcast(&p, 3, MPI_INT, 0, MPI_COMM_WORLD);
    assert(p.nx == 64 && p.ny == 32 && p.iters == 3);

    long cells = (long)p.nx * p.ny / size, total = 0;
    for (int it = 0; it < p.iters; it++)
        MPI_Allreduce(&cells, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d x %d grid, %d iterations, %ld cells\n", p.nx, p.ny, p.iters, total);
    MPI_Finalize();
    return 0;
}
