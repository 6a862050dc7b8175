/* io.c: the command line, the log lines, and the final configuration
 * gathered on rank 0 and written as an XYZ file. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "md.h"

void print_usage(const char *prog) {
    fprintf(stderr,
            "usage: %s [-n atoms] [-s steps] [-t thermo_every] [-d dt] [-r density]\n"
            "          [-T temperature] [-c cutoff] [-k skin] [-N reneigh_every] [-S seed]\n"
            "          [-B tau] [-o dump.xyz] [-g rdf.dat] [-q]\n",
            prog);
}

static int positive_int(const char *s, int *out) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < 1 || v > 100000000L)
        return 0;
    *out = (int)v;
    return 1;
}

static int positive_double(const char *s, double *out) {
    char *end;
    double v = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || !(v > 0.0))
        return 0;
    *out = v;
    return 1;
}

/* Returns 0 when the options are good; fills in the defaults first. */
int parse_params(int argc, char **argv, Params *p) {
    int c, ok = 1;
    memset(p, 0, sizeof *p);
    p->natoms_req = 2048;
    p->nsteps = 100;
    p->thermo_every = 10;
    p->dt = 0.005;
    p->density = 0.8442;
    p->temp = 1.44;
    p->cutoff = 2.5;
    p->skin = 0.3;
    p->reneigh_every = 20;
    p->seed = 87287;
    p->dump = 0;
    p->quiet = 0;
    while (ok && (c = getopt(argc, argv, "n:s:t:d:r:T:c:k:N:S:B:o:g:q")) != -1) {
        switch (c) {
        case 'n':
            ok = positive_int(optarg, &p->natoms_req);
            break;
        case 's':
            ok = positive_int(optarg, &p->nsteps);
            break;
        case 't':
            ok = positive_int(optarg, &p->thermo_every);
            break;
        case 'd':
            ok = positive_double(optarg, &p->dt);
            break;
        case 'r':
            ok = positive_double(optarg, &p->density);
            break;
        case 'T':
            ok = positive_double(optarg, &p->temp);
            break;
        case 'c':
            ok = positive_double(optarg, &p->cutoff);
            break;
        case 'k':
            ok = positive_double(optarg, &p->skin);
            break;
        case 'N':
            ok = positive_int(optarg, &p->reneigh_every);
            break;
        case 'S': {
            int s = 0;
            ok = positive_int(optarg, &s);
            p->seed = (unsigned)s;
            break;
        }
        case 'B':
            ok = positive_double(optarg, &p->tau_t);
            break;
        case 'g':
            p->rdf = 1;
            snprintf(p->rdf_file, sizeof p->rdf_file, "%s", optarg);
            break;
        case 'o':
            p->dump = 1;
            snprintf(p->dump_file, sizeof p->dump_file, "%s", optarg);
            break;
        case 'q':
            p->quiet = 1;
            break;
        default:
            ok = 0;
        }
    }
    if (ok && optind < argc) {
        fprintf(stderr, "md: unexpected argument '%s'\n", argv[optind]);
        ok = 0;
    }
    if (ok && p->natoms_req < 4) {
        fprintf(stderr, "md: -n needs at least 4 atoms (one fcc cell)\n");
        ok = 0;
    }
    return ok ? 0 : 1;
}

void print_header(const Params *p, const Domain *d) {
    if (d->rank != 0)
        return;
    printf("md_lj %s: %d atoms (%d^3 fcc cells), box %.4f, rho* %.4f, T* %.3f, rc %.2f\n",
           MD_VERSION, d->natoms, d->cells, d->len, p->density, p->temp, p->cutoff);
    printf("neighbor lists: skin %.2f, rebuilt every %d steps; %s\n", p->skin, p->reneigh_every,
           p->tau_t > 0.0 ? "Berendsen thermostat" : "constant energy");
    printf("ranks %d as %d x %d x %d, %d steps of dt %.4f\n", d->nranks, d->dims[0], d->dims[1],
           d->dims[2], p->nsteps, p->dt);
    if (!p->quiet)
        printf("%8s %12s %12s %12s %12s %12s\n", "step", "temp", "pe/atom", "ke/atom",
               "etot/atom", "press");
}

void print_thermo(int step, const Thermo *t) {
    printf("%8d %12.6f %12.6f %12.6f %12.6f %12.6f\n", step, t->temp, t->pe, t->ke, t->etotal,
           t->press);
}

void print_summary(const Params *p, const Domain *d, const CommBuffers *cb, const Neighbors *nb,
                   double seconds, double e0, double e1) {
    long long migrated = 0, ghosts = 0;
    MPI_Reduce(&cb->migrated, &migrated, 1, MPI_LONG_LONG, MPI_SUM, 0, d->cart);
    MPI_Reduce(&cb->ghosts_max, &ghosts, 1, MPI_LONG_LONG, MPI_MAX, 0, d->cart);
    if (d->rank != 0)
        return;
    printf("energy drift %.3e per atom over %d steps\n", e1 - e0, p->nsteps);
    printf("%lld neighbor-list builds, %lld migrations, at most %lld ghosts on a rank\n",
           nb->builds, migrated, ghosts);
    printf("loop time %.3f s on %d ranks (%.3e atom-steps/s)\n", seconds, d->nranks,
           seconds > 0.0 ? (double)d->natoms * p->nsteps / seconds : 0.0);
}

/* Rank 0 gathers ids and positions (MPI_Gatherv, MPI 3.1 §5.5), puts them in
 * id order, checks that every atom is there exactly once, and writes them
 * wrapped into the box. */
int dump_configuration(const Params *p, const Domain *d, const Atoms *a) {
    int n = a->nlocal, *counts = NULL, *displs = NULL;
    double *mine = malloc((size_t)(4 * n + 1) * sizeof(double)), *all = NULL;
    for (int i = 0; i < n; i++) {
        mine[4 * i] = a->id[i];
        for (int c = 0; c < 3; c++) {
            double x = a->x[3 * i + c];
            x -= d->len * (double)(long)(x / d->len);
            if (x < 0.0)
                x += d->len;
            mine[4 * i + 1 + c] = x;
        }
    }
    int sendcount = 4 * n;
    if (d->rank == 0) {
        counts = malloc((size_t)d->nranks * sizeof(int));
        displs = malloc((size_t)d->nranks * sizeof(int));
    }
    MPI_Gather(&sendcount, 1, MPI_INT, counts, 1, MPI_INT, 0, d->cart);
    if (d->rank == 0) {
        int total = 0;
        for (int r = 0; r < d->nranks; r++) {
            displs[r] = total;
            total += counts[r];
        }
        assert(total == 4 * d->natoms);
        all = malloc((size_t)total * sizeof(double));
    }
    MPI_Gatherv(mine, sendcount, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, d->cart);
    free(mine);
    int status = 0;
    if (d->rank == 0) {
        double *sorted = malloc((size_t)d->natoms * 3 * sizeof(double));
        char *seen = calloc((size_t)d->natoms, 1);
        for (int k = 0; k < d->natoms; k++) {
            int id = (int)all[4 * k];
            assert(id >= 0 && id < d->natoms && !seen[id]);
            seen[id] = 1;
            for (int c = 0; c < 3; c++)
                sorted[3 * id + c] = all[4 * k + 1 + c];
        }
        FILE *fp = fopen(p->dump_file, "w");
        if (fp == NULL) {
            fprintf(stderr, "md: cannot open %s\n", p->dump_file);
            status = 1;
        } else {
            fprintf(fp, "%d\nLJ fcc rho* %.4f box %.6f\n", d->natoms, p->density, d->len);
            for (int id = 0; id < d->natoms; id++)
                fprintf(fp, "Ar %.6f %.6f %.6f\n", sorted[3 * id], sorted[3 * id + 1],
                        sorted[3 * id + 2]);
            status = fclose(fp) != 0;
        }
        free(seen);
        free(sorted);
        free(all);
        free(displs);
        free(counts);
    }
    return status;
}
