/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 reads the parameter file run.params (sized with stat, read with fread) and
 * splits it with strsep, which returns the empty field between ";;" where strtok would
 * skip it; keys are matched without case (strcasecmp, strcasestr), dt and CFL are parsed
 * with strtof (a float, rounded once), and the output path is taken apart with the
 * <libgen.h> dirname and basename, which cut their argument in place, so each gets its
 * own copy (made with stpcpy, which returns the end of what it copied). The extension is
 * found with memrchr, a summary formatted with asprintf (freed after), and the numbers
 * are broadcast to every rank, which checks them.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <libgen.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct params {
    int nx, ny;
    float dt, cfl;
};

static void parse(char *text, struct params *p, char *outdir, char *outfile) {
    char *rest = text, *field;
    int empty = 0;
    while ((field = strsep(&rest, ";\n")) != NULL) {
        if (*field == '\0') {
            empty++;
            continue;
        }
        char *value = field;
        char *key = strsep(&value, "=");
        assert(value != NULL);
        if (strcasecmp(key, "nx") == 0)
            p->nx = atoi(value);
        else if (strcasecmp(key, "ny") == 0)
            p->ny = atoi(value);
        else if (strcasecmp(key, "dt") == 0)
            p->dt = strtof(value, NULL);
        else if (strcasestr(key, "cfl") != NULL)
            p->cfl = strtof(value, NULL);
        else if (strcmp(key, "output") == 0) {
            char dircopy[128], filecopy[128];
            char *end = stpcpy(dircopy, value);
            assert(end - dircopy == (long)strlen(value));
            stpcpy(filecopy, value);
            strcpy(outdir, dirname(dircopy));
            strcpy(outfile, basename(filecopy));
        }
    }
    assert(empty == 2); /* between ";;", and after the final newline */
}

int main(int argc, char **argv) {
    int rank;
    struct params p = {0, 0, 0.0f, 0.0f};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        struct stat st;
        if (stat("run.params", &st) != 0) {
            perror("run.params");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        char *text = malloc(st.st_size + 1);
        FILE *f = fopen("run.params", "r");
        assert(f != NULL);
        size_t got = fread(text, 1, st.st_size, f);
        fclose(f);
        assert(got == (size_t)st.st_size);
        text[got] = '\0';
        char outdir[128], outfile[128];
        parse(text, &p, outdir, outfile);
        assert(strcmp(outdir, "results/run_a") == 0);
        assert(strcmp(outfile, "field.dat") == 0);
        const char *ext = memrchr(outfile, '.', strlen(outfile));
        assert(ext != NULL && strcmp(ext, ".dat") == 0);
        char *summary;
        int n = asprintf(&summary, "%dx%d grid, dt=%g, CFL=%g, writing %s/%s", p.nx, p.ny,
                         p.dt, p.cfl, outdir, outfile);
        assert(n == (int)strlen(summary));
        puts(summary);
        free(summary);
        free(text);
    }
    int dims[2] = {p.nx, p.ny};
    float steps[2] = {p.dt, p.cfl};
    MPI_Bcast(dims, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(steps, 2, MPI_FLOAT, 0, MPI_COMM_WORLD);
    assert(dims[0] == 64 && dims[1] == 32);
    assert(steps[0] == 0.25f && steps[1] == 0.8f);
    MPI_Finalize();
    return 0;
}
