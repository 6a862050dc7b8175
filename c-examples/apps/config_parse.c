/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 parses a built-in configuration text ("key=value" lines) with strchr, strncmp,
 * strtod, strtoul, atof, atol and abs/labs/llabs, validating values in a switch and
 * calling MPI_Abort on bad input; the parsed struct is broadcast as bytes and every rank
 * checks it. Output with puts/putchar.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
    double dt;
    unsigned long steps;
    long offset;
    double scale;
    int mode;
};

static const char *config_text = "dt=0.125\nsteps=0x20\noffset=-17\nscale=2.5e1\nmode=2\n";

static int parse_line(const char *line, size_t len, struct config *c) {
    const char *eq = strchr(line, '=');
    if (!eq || (size_t)(eq - line) >= len)
        return -1;
    const char *val = eq + 1;
    char *end;
    if (strncmp(line, "dt", 2) == 0) {
        c->dt = strtod(val, &end);
        if (end == val)
            return -1;
    } else if (strncmp(line, "steps", 5) == 0) {
        c->steps = strtoul(val, &end, 0);
    } else if (strncmp(line, "offset", 6) == 0) {
        c->offset = atol(val);
    } else if (strncmp(line, "scale", 5) == 0) {
        c->scale = atof(val);
    } else if (strncmp(line, "mode", 4) == 0) {
        c->mode = atoi(val);
    } else {
        return -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    int rank;
    struct config cfg;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    memset(&cfg, 0, sizeof cfg);
    if (rank == 0) {
        const char *p = config_text;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            if (parse_line(p, len, &cfg) != 0) {
                fprintf(stderr, "bad config line\n");
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            p += len + (nl != NULL);
        }
        switch (cfg.mode) {
        case 1:
        case 2:
            puts("mode ok");
            break;
        default:
            fprintf(stderr, "bad mode %d\n", cfg.mode);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    MPI_Bcast(&cfg, sizeof cfg, MPI_BYTE, 0, MPI_COMM_WORLD);
    assert(cfg.dt == 0.125);
    assert(cfg.steps == 32);
    assert(labs(cfg.offset) == 17 && abs((int)cfg.offset) == 17 && llabs(-5LL) == 5);
    assert(cfg.scale == 25.0);
    assert(cfg.mode == 2);
    putchar('0' + rank);
    putchar('\n');
    MPI_Finalize();
    return 0;
}
