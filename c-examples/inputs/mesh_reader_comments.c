/* RUN: -n 2..4
 * EXPECT: verified
 * A hand-written input reader of the kind mini-apps carry: rank 0 opens
 * mesh.conf (beside this file), peeks at each line's first character with
 * getc and puts it back with ungetc, skips comment lines with
 * fscanf(f, "%*[^\n]"), and reads `key value...` lines with a scanset for
 * the key (`%15[a-z]`), and a list of numbers of any length with fgets
 * and sscanf's `%n`. The parameters are broadcast; every rank takes its
 * share of the cells by weight, and the shares must add up to the total.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

struct mesh {
    int cells, steps, nweights;
    int weights[8];
};

static void skip_line(FILE *f) {
    fscanf(f, "%*[^\n]");
    getc(f); /* the newline */
}

static int read_mesh(const char *path, struct mesh *m) {
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    memset(m, 0, sizeof *m);
    int c;
    while ((c = getc(f)) != EOF) {
        if (c == '#' || c == '\n') {
            if (c == '#')
                skip_line(f);
            continue;
        }
        ungetc(c, f);
        char key[16];
        if (fscanf(f, "%15[a-z]", key) != 1) {
            fclose(f);
            return -1;
        }
        if (strcmp(key, "cells") == 0) {
            fscanf(f, "%d", &m->cells);
        } else if (strcmp(key, "steps") == 0) {
            fscanf(f, "%d", &m->steps);
        } else if (strcmp(key, "weights") == 0) {
            /* As many numbers as the line holds: read the line, then scan it. */
            char line[128];
            int off = 0, used;
            if (fgets(line, sizeof line, f))
                while (m->nweights < 8 &&
                       sscanf(line + off, "%d%n", &m->weights[m->nweights], &used) == 1) {
                    off += used;
                    m->nweights++;
                }
            continue; /* fgets took the newline */
        }
        skip_line(f);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv) {
    int rank, size;
    struct mesh m;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0 && read_mesh("mesh.conf", &m) != 0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Bcast(&m, sizeof m, MPI_BYTE, 0, MPI_COMM_WORLD);
    assert(m.cells == 12 && m.steps == 4 && m.nweights == 4);

    /* Weighted block distribution over the first `size` weights. */
    int total = 0, before = 0;
    for (int r = 0; r < size; r++) {
        total += m.weights[r % m.nweights];
        if (r < rank)
            before += m.weights[r % m.nweights];
    }
    int first = m.cells * before / total;
    int last = m.cells * (before + m.weights[rank % m.nweights]) / total;
    int mine = last - first, sum = 0;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(sum == m.cells);
    if (rank == 0)
        printf("%d cells over %d ranks, %d steps\n", m.cells, size, m.steps);
    MPI_Finalize();
    return 0;
}
